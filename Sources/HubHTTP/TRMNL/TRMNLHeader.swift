#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HTTPTypes
import HubDisplays
import HubSystem

/// The request headers TRMNL's firmware sends (docs/trmnl-protocol.md).
enum TRMNLHeader {
    static let id = HTTPField.Name("ID")!
    static let accessToken = HTTPField.Name("Access-Token")!
    static let refreshRate = HTTPField.Name("Refresh-Rate")!
    static let batteryVoltage = HTTPField.Name("Battery-Voltage")!
    static let firmwareVersion = HTTPField.Name("FW-Version")!
    static let rssi = HTTPField.Name("RSSI")!
    static let width = HTTPField.Name("Width")!
    static let height = HTTPField.Name("Height")!
    static let model = HTTPField.Name("Model")!

    /// The device's MAC address; nil when missing or malformed.
    static func device(in headers: HTTPFields) -> DeviceID? {
        headers[id].flatMap(DeviceID.init)
    }

    /// What the device says about itself. Values that do not parse are left out, never guessed.
    static func telemetry(in headers: HTTPFields, peer: String, at date: Date) -> DeviceTelemetry {
        func text(_ name: HTTPField.Name) -> String? {
            headers[name].map { $0.prefix(64).trimmedWhitespace }.flatMap { $0.isEmpty ? nil : $0 }
        }
        return DeviceTelemetry(
            lastSeen: date, address: peer,
            batteryVoltage: text(batteryVoltage).flatMap(Double.init).flatMap { (0...10).contains($0) ? $0 : nil },
            rssi: text(rssi).flatMap { Int($0) }.flatMap { (-150...0).contains($0) ? $0 : nil },
            firmware: text(firmwareVersion), model: text(model),
            width: text(width).flatMap { Int($0) }.flatMap { (1...10_000).contains($0) ? $0 : nil },
            height: text(height).flatMap { Int($0) }.flatMap { (1...10_000).contains($0) ? $0 : nil },
            refreshRate: text(refreshRate).flatMap { Int($0) }.flatMap { (0...604_800).contains($0) ? $0 : nil })
    }
}
