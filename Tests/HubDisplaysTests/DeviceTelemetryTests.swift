import Foundation
import HubDisplays
import Testing

struct DeviceTelemetryTests {
    @Test("battery and Wi-Fi read as reports show them, and a dash when the device did not say")
    func texts() {
        let seen = Date(timeIntervalSince1970: 1_800_000_000)
        let full = DeviceTelemetry(lastSeen: seen, batteryVoltage: 4.1, rssi: -61)
        #expect(full.batteryText == "4.10 V" && full.signalText == "-61 dBm")
        #expect(DeviceTelemetry(lastSeen: seen, batteryVoltage: 3.057).batteryText == "3.06 V")
        let silent = DeviceTelemetry(lastSeen: seen)
        #expect(silent.batteryText == "–" && silent.signalText == "–")
    }
}
