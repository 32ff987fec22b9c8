/// UC8179 (GD7965) opcodes the driver sends.
enum UC8179Command {
    static let panelSetting: UInt8 = 0x00
    static let powerSetting: UInt8 = 0x01
    static let powerOff: UInt8 = 0x02
    static let powerOn: UInt8 = 0x04
    static let boosterSoftStart: UInt8 = 0x06
    static let deepSleep: UInt8 = 0x07
    /// DTM1: the OLD image in KW mode, the black-and-white plane in KWR mode.
    static let oldData: UInt8 = 0x10
    static let blackWhiteData: UInt8 = 0x10
    static let displayRefresh: UInt8 = 0x12
    /// DTM2: the NEW image in KW mode, the red plane in KWR mode.
    static let newData: UInt8 = 0x13
    static let redData: UInt8 = 0x13
    static let dualSPI: UInt8 = 0x15
    static let vcomAndDataInterval: UInt8 = 0x50
    static let tcon: UInt8 = 0x60
    static let resolution: UInt8 = 0x61
    static let getStatus: UInt8 = 0x71
    static let partialWindow: UInt8 = 0x90
    static let partialIn: UInt8 = 0x91
    static let partialOut: UInt8 = 0x92
    static let cascade: UInt8 = 0xE0
    static let forceTemperature: UInt8 = 0xE5

    /// The check code deep sleep (0x07) requires.
    static let deepSleepCheck: UInt8 = 0xA5
}
