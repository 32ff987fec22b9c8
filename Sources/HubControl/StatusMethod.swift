public import EPaper
public import InkWidgets
public import Sensors
public import WeatherInfoKit

/// `weatherctl status`: everything a person checks when the panel looks wrong.
public enum StatusMethod: ControlMethod {
    public typealias Params = Empty
    public typealias Result = ServiceStatus
    public static let name = "status"
}

/// The service's state as one answer.
public struct ServiceStatus: Sendable, Codable, Hashable {
    public var service: ServiceIdentity
    /// The city the weather widgets show.
    public var location: Location
    /// The wired panel; nil with `panel: none`.
    public var panel: PanelStatus?
    public var widgets: [WidgetStatus]
    public var weather: WeatherServiceStatus
    /// The sensor intake; `nil` when no broker or socket feed is configured.
    public var sensors: SensorIntakeSummary?
    /// The web side and the networked displays; `nil` when neither `http:` nor `displays:` is configured.
    public var web: WebSideSummary?
    /// Why the shared defaults could not be read, when they could not (the last good values are used).
    public var sharedDefaultsProblem: String?

    public init(
        service: ServiceIdentity, location: Location, panel: PanelStatus?, widgets: [WidgetStatus],
        weather: WeatherServiceStatus, sensors: SensorIntakeSummary?, web: WebSideSummary?, sharedDefaultsProblem: String?
    ) {
        self.service = service
        self.location = location
        self.panel = panel
        self.widgets = widgets
        self.weather = weather
        self.sensors = sensors
        self.web = web
        self.sharedDefaultsProblem = sharedDefaultsProblem
    }
}

/// The sensor intake in a few words: the broker connection and how many sensors are known.
public struct SensorIntakeSummary: Sendable, Codable, Hashable {
    /// `host:port` of the MQTT broker, when one is configured.
    public var broker: String?
    /// `connected`, `connecting`, `disconnected`…; `nil` without a broker.
    public var brokerState: String?
    /// The broker's last refusal or the last connection error.
    public var lastError: String?
    public var knownSensors: Int

    public init(broker: String?, brokerState: String?, lastError: String?, knownSensors: Int) {
        self.broker = broker
        self.brokerState = brokerState
        self.lastError = lastError
        self.knownSensors = knownSensors
    }
}

/// The web side in a few words: where it listens and what it serves (no key or token).
public struct WebSideSummary: Sendable, Codable, Hashable {
    /// `http://0.0.0.0:2300`.
    public var url: String
    /// The networked displays' ids.
    public var displays: [String]
    public var approvedDevices: Int
    public var waitingDevices: Int

    public init(url: String, displays: [String], approvedDevices: Int, waitingDevices: Int) {
        self.url = url
        self.displays = displays
        self.approvedDevices = approvedDevices
        self.waitingDevices = waitingDevices
    }
}

/// `weatherctl sensors`: every sensor the service knows, as its store has it; the CLI writes the
/// table or the JSON, with ages as of its own clock.
public enum SensorsMethod: ControlMethod {
    public typealias Params = Empty

    /// The sensor store's contents.
    public struct Result: Codable, Sendable, Equatable {
        /// Every known sensor with its latest values and times; `nil` when the service has no sensor
        /// intake (no broker, socket feed or demo sensors).
        public var sensors: [SensorSnapshot]?
        /// Messages refused while the sensor limit was reached, counted against no sensor.
        public var untrackedRejections: Int

        /// The contents as given.
        public init(sensors: [SensorSnapshot]?, untrackedRejections: Int) {
            self.sensors = sensors
            self.untrackedRejections = untrackedRejections
        }
    }

    public static let name = "sensors"
}
