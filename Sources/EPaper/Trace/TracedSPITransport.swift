/// An SPI link whose transfers go to a trace first.
final class TracedSPITransport: SPITransport {
    private let base: any SPITransport
    private let recorder: PanelTraceRecorder

    init(_ base: any SPITransport, recorder: PanelTraceRecorder) {
        self.base = base
        self.recorder = recorder
    }

    var maximumTransferSize: Int { base.maximumTransferSize }

    func write(_ bytes: UnsafeRawBufferPointer) throws {
        recorder.record("spi dc=\(recorder.dataCommandHigh ? 1 : 0) n=\(bytes.count) \(PanelTraceRecorder.hex(bytes))")
        try base.write(bytes)
    }

    func close() {
        recorder.record("spi close")
        base.close()
    }
}
