import HubSystem
public import EPaper
import CSPIDev

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A spidev node opened for the panel: SPI mode 0, 8-bit words, MSB first, at the configured clock.
public final class SPIBus: SPITransport {
    /// Where the spidev module publishes its transfer buffer size.
    public static let bufferSizePath = "/sys/module/spidev/parameters/bufsiz"
    /// spidev's buffer size when the module does not say (its compiled-in default).
    public static let defaultBufferSize = 4096

    /// The node and clock in use.
    public let settings: SPISettings
    public let maximumTransferSize: Int
    private var descriptor: Int32?

    /// Opens the node and sets mode 0, 8 bits per word and the clock through the spidev ioctls.
    /// - Throws: `PanelHardwareError` saying how to enable SPI, fix permissions or the device path.
    public init(settings: SPISettings, bufferSizePath: String = SPIBus.bufferSizePath) throws {
        var step = CSPIDEV_STEP_OPEN
        let result = cspidev_open(settings.device, 0, 8, settings.speedHz, &step)
        guard result >= 0 else { throw SPIBus.openError(path: settings.device, errno: -result, step: step) }
        self.settings = settings
        self.descriptor = result
        self.maximumTransferSize = SPIBus.bufferSize(at: bufferSizePath)
    }

    deinit { close() }

    /// spidev's transfer buffer size read from `path`, or 4096 when the file is missing or unreadable
    /// (spidev built into the kernel without the module parameter).
    public static func bufferSize(at path: String = SPIBus.bufferSizePath) -> Int {
        let value = cspidev_read_bufsiz(path)
        return value > 0 ? Int(value) : defaultBufferSize
    }

    public func write(_ bytes: UnsafeRawBufferPointer) throws {
        guard let descriptor else {
            throw PanelHardwareError(.spiTransferFailed, "SPI write to \(settings.device) after it was closed")
        }
        guard bytes.count <= maximumTransferSize else {
            throw PanelHardwareError(
                .spiTransferFailed,
                "SPI transfer of \(bytes.count) bytes exceeds the spidev buffer (\(maximumTransferSize) bytes): split it")
        }
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), !bytes.isEmpty else { return }
        let result = cspidev_write(descriptor, base, UInt32(bytes.count), settings.speedHz, 8)
        if result < 0 {
            throw PanelHardwareError(
                .spiTransferFailed,
                "SPI transfer of \(bytes.count) bytes on \(settings.device) failed: \(SystemError.reason(for: -result))",
                systemError: -result)
        }
    }

    /// Closes the node; later writes fail.
    public func close() {
        if let descriptor { _ = cspidev_close(descriptor) }
        descriptor = nil
    }

    static func openError(path: String, errno code: Int32, step: cspidev_step) -> PanelHardwareError {
        let reason = SystemError.reason(for: code)
        if step != CSPIDEV_STEP_OPEN {
            let what = switch step {
            case CSPIDEV_STEP_MODE: "SPI_IOC_WR_MODE (mode 0)"
            case CSPIDEV_STEP_BITS_PER_WORD: "SPI_IOC_WR_BITS_PER_WORD (8)"
            default: "SPI_IOC_WR_MAX_SPEED_HZ"
            }
            return PanelHardwareError(
                .notSPIDevice,
                "\(path) is not a spidev device (\(what) failed: \(reason)): set the panel's spi.device to a /dev/spidevB.C node",
                systemError: code)
        }
        switch code {
        case ENOENT, ENODEV, ENXIO:
            return PanelHardwareError(
                .spiDeviceMissing,
                "\(path) does not exist: enable SPI: add `dtparam=spi=on` to /boot/firmware/config.txt or run `raspi-config nonint do_spi 0`, then reboot",
                systemError: code)
        case EACCES, EPERM:
            return PanelHardwareError(
                .spiPermissionDenied,
                "permission denied opening \(path): add the service user to the `spi` group (`sudo usermod -aG spi weatherhub`) or install the udev rule from deploy/, then restart the service",
                systemError: code)
        default:
            return PanelHardwareError(.notSPIDevice, "cannot open \(path): \(reason)", systemError: code)
        }
    }
}
