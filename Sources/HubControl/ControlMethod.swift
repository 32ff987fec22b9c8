#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif
public import HubActions
public import InkWidgets

/// One method of the control protocol, with its parameter and result types.
public protocol ControlMethod: Sendable {
    associatedtype Params: Codable & Sendable
    associatedtype Result: Codable & Sendable
    static var name: String { get }
}

/// Says the service is there: its version, process and start time.
public enum PingMethod: ControlMethod {
    public typealias Params = Empty
    public typealias Result = ServiceIdentity
    public static let name = "ping"
}

/// Who answers on the socket.
public struct ServiceIdentity: Sendable, Codable, Hashable {
    public var version: String
    public var processID: Int32
    public var started: Date

    public init(version: String, processID: Int32, started: Date) {
        self.version = version
        self.processID = processID
        self.started = started
    }
}

/// `WidgetCenter.reloadAllTimelines()` / `reloadTimelines(ofKind:)`; with `wait`, answers once the new
/// frames are on the panel. Reloads asked for over the socket are exempt from the reload budget.
public enum ReloadMethod: ControlMethod {
    public struct Params: Codable, Sendable, Hashable {
        /// Only widgets of this kind; all when nil.
        public var kind: String?
        /// Answer after the panel shows the result (or the reload failed).
        public var wait: Bool

        public init(kind: String? = nil, wait: Bool = false) {
            self.kind = kind
            self.wait = wait
        }
    }

    public struct Result: Codable, Sendable, Hashable {
        /// One per reloaded widget when waiting; empty otherwise.
        public var reports: [ReloadReport]

        public init(reports: [ReloadReport]) {
            self.reports = reports
        }
    }

    public static let name = "reload"
}

/// `WidgetCenter.getCurrentConfigurations`, with each widget's schedule.
public enum WidgetsMethod: ControlMethod {
    public typealias Params = Empty
    public typealias Result = [WidgetStatus]
    public static let name = "widgets"
}

/// Runs a panel action; answers with the forecast day shown afterwards (0 = today).
public enum PanelActionMethod: ControlMethod {
    public typealias Params = PanelAction
    public struct Result: Codable, Sendable, Hashable {
        public var daysFromNow: Int

        public init(daysFromNow: Int) {
            self.daysFromNow = daysFromNow
        }
    }

    public static let name = "action"
}
