/// A failure to reach or drive the panel hardware. The message says what to do next.
public struct PanelHardwareError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, stable across messages so callers can branch on it.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        private let name: String
        private init(_ name: String) { self.name = name }

        /// The spidev node does not exist: SPI is disabled in the boot configuration.
        public static let spiDeviceMissing = Code("spiDeviceMissing")
        /// The service user may not open the spidev node.
        public static let spiPermissionDenied = Code("spiPermissionDenied")
        /// The node exists but refused the spidev set-up ioctls.
        public static let notSPIDevice = Code("notSPIDevice")
        /// A transfer on an open spidev node failed.
        public static let spiTransferFailed = Code("spiTransferFailed")
        /// The GPIO chip device does not exist.
        public static let gpioChipMissing = Code("gpioChipMissing")
        /// The service user may not open the GPIO chip.
        public static let gpioPermissionDenied = Code("gpioPermissionDenied")
        /// The path exists but is not a GPIO character device.
        public static let notGPIOChip = Code("notGPIOChip")
        /// Another process or a kernel driver holds a requested line.
        public static let gpioLineBusy = Code("gpioLineBusy")
        /// The chip has no line with the configured number.
        public static let gpioLineInvalid = Code("gpioLineInvalid")
        /// Any other libgpiod failure.
        public static let gpioFailed = Code("gpioFailed")
        /// The panel's BUSY line did not return to idle in time.
        public static let busyTimeout = Code("busyTimeout")

        public var description: String { name }
    }

    /// What went wrong, for callers that branch on it.
    public let code: Code
    /// The full explanation, including the remedy.
    public let message: String
    /// The errno behind the failure, when the system reported one.
    public let systemError: Int32?

    /// An error with its code, full message and the errno behind it.
    public init(_ code: Code, _ message: String, systemError: Int32? = nil) {
        self.code = code
        self.message = message
        self.systemError = systemError
    }

    public var description: String { message }
}
