@testable import PanelHardware
import EPaper
import CSPIDev
import Foundation
import Logging
import Testing

/// The parts of the SPI and GPIO transports that run without a device, against the real kernel
/// interfaces and the installed libgpiod: open errors, buffer size, version detection.
@Suite("SPI and GPIO transports")
struct TransportTests {
    @Test("A missing spidev node says how to enable SPI")
    func missingSPIDevice() throws {
        let error = #expect(throws: PanelHardwareError.self) { try SPIBus(settings: SPISettings(device: "/dev/spidev9.9")) }
        #expect(error?.code == .spiDeviceMissing)
        #expect(error?.message.contains("dtparam=spi=on") == true)
        #expect(error?.message.contains("raspi-config nonint do_spi 0") == true)
        #expect(error?.systemError == ENOENT)
    }

    @Test("A file that is not a spidev node is refused at the SPI_IOC_WR_MODE ioctl")
    func notASPIDevice() throws {
        let path = try temporaryDirectory() + "/spidev0.0"
        #expect(FileManager.default.createFile(atPath: path, contents: Data()))
        let error = #expect(throws: PanelHardwareError.self) { try SPIBus(settings: SPISettings(device: path)) }
        #expect(error?.code == .notSPIDevice)
        #expect(error?.message.contains("SPI_IOC_WR_MODE") == true)
        #expect(error?.systemError == ENOTTY)
    }

    @Test("Permission errors name the spi and gpio groups and the udev rule")
    func permissionMessages() {
        let spi = SPIBus.openError(path: "/dev/spidev0.0", errno: EACCES, step: CSPIDEV_STEP_OPEN)
        #expect(spi.code == .spiPermissionDenied && spi.message.contains("`spi` group") && spi.message.contains("udev rule"))
        let gpio = GPIOLines.requestError(chip: "/dev/gpiochip0", lines: [17], errno: EACCES)
        #expect(gpio.code == .gpioPermissionDenied && gpio.message.contains("`gpio` group") && gpio.message.contains("udev rule"))
        let busy = GPIOLines.requestError(chip: "/dev/gpiochip-missing", lines: [17], errno: EBUSY)
        #expect(busy.code == .gpioLineBusy && busy.message.contains("GPIO 17") && busy.message.contains("gpioinfo"))
    }

    @Test("The shim sets the spidev write ioctls (mode, word size, speed) and sends SPI_IOC_MESSAGE(1)")
    func spidevRequestNumbers() {
        // _IOW('k', nr, type) from linux/spi/spidev.h.
        #expect(cspidev_ioc_wr_mode() == 0x4001_6B01)
        #expect(cspidev_ioc_wr_bits_per_word() == 0x4001_6B03)
        #expect(cspidev_ioc_wr_max_speed_hz() == 0x4004_6B04)
        #expect(cspidev_ioc_message_1() == 0x4020_6B00)
    }

    @Test("spidev's buffer size is read from the module parameter, 4096 when it is missing or unreadable")
    func bufferSize() throws {
        let directory = try temporaryDirectory()
        let parameter = directory + "/bufsiz"
        try "65536\n".write(toFile: parameter, atomically: true, encoding: .utf8)
        #expect(SPIBus.bufferSize(at: parameter) == 65536)
        try "garbage".write(toFile: parameter, atomically: true, encoding: .utf8)
        #expect(SPIBus.bufferSize(at: parameter) == 4096)
        #expect(SPIBus.bufferSize(at: directory + "/missing") == 4096)
    }

    @Test("The libgpiod API detected from the headers matches the library linked at run time")
    func libgpiodVersion() {
        #expect([1, 2].contains(GPIOLines.apiMajorVersion))
        #expect(GPIOLines.libraryVersion.hasPrefix("\(GPIOLines.apiMajorVersion)."))
    }

    @Test("A missing GPIO chip says how to find the right one")
    func missingChip() {
        let error = #expect(throws: PanelHardwareError.self) {
            try GPIOPanelLines(wiring: PanelWiring(chip: "/dev/gpiochip-missing"))
        }
        #expect(error?.code == .gpioChipMissing)
        #expect(error?.message.contains("gpiodetect") == true)
        #expect(error?.systemError == ENOENT)
    }

    @Test("A file that is not a GPIO chip is refused, for the panel lines and for the keys")
    func notAChip() throws {
        let path = try temporaryDirectory() + "/gpiochip0"
        #expect(FileManager.default.createFile(atPath: path, contents: Data()))
        let panel = #expect(throws: PanelHardwareError.self) { try GPIOPanelLines(wiring: PanelWiring(chip: path)) }
        #expect(panel?.code == .notGPIOChip)
        var keys = PanelKeySettings.waveshare2in7HAT
        keys.chip = path
        let key = #expect(throws: PanelHardwareError.self) { try PanelKeys.open(settings: keys, logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }) }
        #expect(key?.code == .notGPIOChip)
    }

    @Test("Opening a real panel without the hardware fails with the SPI remedy before touching GPIO")
    func openWithoutHardware() throws {
        var profile = PanelProfile.builtIn(.waveshare2in13V4)
        profile.spi.device = "/dev/spidev9.9"
        let error = #expect(throws: PanelHardwareError.self) {
            try PanelDevice.open(profile: profile, stateDirectory: try temporaryDirectory(), logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() })
        }
        #expect(error?.code == .spiDeviceMissing)
    }
}

/// A fresh temporary directory per test.
private func temporaryDirectory() throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("panel-hardware-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}
