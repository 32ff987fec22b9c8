/// Which spidev node drives the panel, and how fast.
public struct SPISettings: Sendable, Hashable, Codable {
    /// The spidev node; the Waveshare HAT uses `/dev/spidev0.0` (SPI0, chip select CE0 = GPIO 8,
    /// owned by the spidev driver and never requested as a GPIO).
    public var device: String
    /// The SPI clock in hertz. 4 MHz (the default) matches Waveshare's Python driver and GxEPD2;
    /// the controllers accept up to about 10 MHz (UC8179) or 20 MHz (SSD1680/SSD1683).
    public var speedHz: UInt32

    /// Settings; `/dev/spidev0.0` at 4 MHz unless told otherwise.
    public init(device: String = "/dev/spidev0.0", speedHz: UInt32 = 4_000_000) {
        self.device = device
        self.speedHz = speedHz
    }
}
