/// A write-only SPI link to one panel: each call is one transfer with chip select held low.
///
/// `WiredPanelBus` splits longer writes into transfers of at most `maximumTransferSize` bytes; the
/// data/command line is a GPIO, so its level holds across those transfers.
public protocol SPITransport: AnyObject {
    /// The longest single transfer the link accepts (spidev's `bufsiz`, 4096 by default).
    var maximumTransferSize: Int { get }
    /// Sends one transfer of at most `maximumTransferSize` bytes.
    func write(_ bytes: UnsafeRawBufferPointer) throws
    /// Gives the link back; later writes fail.
    func close()
}
