import CCurl
import HubSystem

/// Collects one transfer's headers and body from libcurl's callbacks (all on the transfer's thread) and
/// tells libcurl to abort when the task was cancelled.
final class CurlResponseSink {
    let maximumBodySize: Int
    let transfer: CurlTransfer
    private(set) var headers: [HTTPHeader] = []
    private(set) var body: [UInt8] = []
    private(set) var exceededLimit = false

    init(maximumBodySize: Int, transfer: CurlTransfer) {
        self.maximumBodySize = maximumBodySize
        self.transfer = transfer
    }

    private static func sink(_ context: UnsafeMutableRawPointer?) -> CurlResponseSink {
        Unmanaged<CurlResponseSink>.fromOpaque(context!).takeUnretainedValue()
    }

    static let receiveBody: ccurl_data_callback = { data, size, count, context in
        let sink = sink(context)
        let length = size * count
        guard sink.body.count + length <= sink.maximumBodySize else {
            sink.exceededLimit = true
            return 0
        }
        sink.body.append(contentsOf: UnsafeRawBufferPointer(start: data, count: length))
        return length
    }

    static let receiveHeader: ccurl_data_callback = { data, size, count, context in
        let sink = sink(context)
        let length = size * count
        let line = String(decoding: UnsafeRawBufferPointer(start: data, count: length), as: UTF8.self)
        sink.takeHeaderLine(line)
        return length
    }

    static let reportProgress: ccurl_progress_callback = { context, _, _, _, _ in
        sink(context).transfer.isCancelled ? 1 : 0
    }

    private func takeHeaderLine(_ raw: String) {
        let line = raw.trimmingSuffix { $0.isNewline }
        if line.hasPrefix("HTTP/") {
            // A new status line (after a 100 Continue, for example): only the final response's headers count.
            headers.removeAll()
            return
        }
        guard let colon = line.firstIndex(of: ":") else { return }
        let name = String(line[..<colon])
        let value = line[line.index(after: colon)...].trimmingPrefix { $0 == " " || $0 == "\t" }
        headers.append(HTTPHeader(name: name, value: String(value.trimmingSuffix { $0 == " " || $0 == "\t" })))
    }
}
