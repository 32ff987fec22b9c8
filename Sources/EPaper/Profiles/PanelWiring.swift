/// Which GPIO lines a panel uses, in BCM numbering on one chip. CS belongs to spidev and is not here.
public struct PanelWiring: Sendable, Hashable, Codable {
    /// The GPIO chip with the header pins.
    public var chip: String
    /// RST (Waveshare HAT: GPIO 17, physical pin 11).
    public var reset: UInt32
    /// D/C (Waveshare HAT: GPIO 25, physical pin 22).
    public var dataCommand: UInt32
    /// BUSY (Waveshare HAT: GPIO 24, physical pin 18).
    public var busy: UInt32
    /// PWR, the panel supply switch on newer HAT revisions (GPIO 18, physical pin 12); `nil` when the
    /// board has none.
    public var power: UInt32?

    /// The Waveshare e-Paper HAT wiring: RST 17, DC 25, BUSY 24, PWR 18 on `/dev/gpiochip0`.
    public init(
        chip: String = "/dev/gpiochip0", reset: UInt32 = 17, dataCommand: UInt32 = 25, busy: UInt32 = 24,
        power: UInt32? = 18
    ) {
        self.chip = chip
        self.reset = reset
        self.dataCommand = dataCommand
        self.busy = busy
        self.power = power
    }
}
