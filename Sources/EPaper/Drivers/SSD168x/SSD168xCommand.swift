/// SSD1680/SSD1683 opcodes the driver sends.
enum SSD168xCommand {
    static let driverOutputControl: UInt8 = 0x01
    static let deepSleep: UInt8 = 0x10
    static let dataEntryMode: UInt8 = 0x11
    static let softwareReset: UInt8 = 0x12
    static let temperatureSensor: UInt8 = 0x18
    static let writeTemperature: UInt8 = 0x1A
    static let masterActivation: UInt8 = 0x20
    static let displayUpdateControl1: UInt8 = 0x21
    static let displayUpdateControl2: UInt8 = 0x22
    static let writeBlackWhiteRAM: UInt8 = 0x24
    static let writeRedRAM: UInt8 = 0x26
    static let writeLUT: UInt8 = 0x32
    static let displayOption: UInt8 = 0x37
    static let borderWaveform: UInt8 = 0x3C
    static let ramXWindow: UInt8 = 0x44
    static let ramYWindow: UInt8 = 0x45
    static let ramXCounter: UInt8 = 0x4E
    static let ramYCounter: UInt8 = 0x4F
}

/// Display Update Control 2 (0x22) sequences: bit 7 clock on, 6 analog on, 5 load temperature,
/// 4 load LUT, 3 display mode 2, 2 display, 1 analog off, 0 clock off.
enum SSD168xSequence {
    /// Mode 1 with temperature and LUT load, then power down.
    static let full: UInt8 = 0xF7
    /// Mode 1 with the LUT already loaded (after the forced-temperature load).
    static let fast: UInt8 = 0xC7
    /// Mode 2 (differential) with the OTP LUT load, then power down.
    static let partialFromOTP: UInt8 = 0xFF
    /// Clock and analog on only (before a host-LUT partial).
    static let powerOn: UInt8 = 0xC0
    /// Mode 2 display and power down, clock and analog already on (host LUT).
    static let partialWithHostLUT: UInt8 = 0x0F
    /// Read the temperature sensor and load the matching LUT.
    static let loadTemperatureAndLUT: UInt8 = 0xB1
    /// Load the LUT for the temperature register as written (forced temperature).
    static let loadLUT: UInt8 = 0x91
}
