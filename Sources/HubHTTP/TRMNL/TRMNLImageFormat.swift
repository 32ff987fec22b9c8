import HubDisplays
import InkUI

/// Which image a TRMNL device is sent (docs/trmnl-protocol.md §5): PNG from firmware 1.5.2 on (a
/// 1-bit 800×480 BMP is fetched and redrawn on every wake by newer firmware, which caches only PNG
/// under its filename), the 1-bit BMP for older or unnamed firmware, and PNG for four greys.
enum TRMNLImageFormat {
    static let firstPNGFirmware = [1, 5, 2]

    static func format(for display: NetworkDisplayProfile, firmware: String?) -> ImageFormat {
        guard display.capability == .monochrome else { return .png }
        guard let firmware else { return .bmp }
        let version = firmware.split(separator: ".").map { Int($0.prefix { $0.isNumber }) ?? 0 }
        return version.lexicographicallyPrecedes(firstPNGFirmware) ? .bmp : .png
    }
}
