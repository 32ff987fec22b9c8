import Foundation

/// Feeds the stream file's lines to a publisher's standard input at a fixed rate (in this, the
/// benchmark's process, not the hub's), for the run that offers the hub a known load.
struct Pacer {
    let path: String
    let messagesPerSecond: Double

    /// Writes every line to `output` on schedule (a millisecond's worth at a time), closes it, and returns
    /// the rate achieved. When the publisher falls behind (it blocks the pipe while it connects), the
    /// schedule moves on instead of catching up in a burst: the rate offered never exceeds
    /// `messagesPerSecond`.
    func feed(_ output: FileHandle) throws -> Double {
        let input = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
        defer { try? input.close() }
        let perTick = max(1, Int(messagesPerSecond / 1000))
        let began = monotonicNanoseconds()
        var start = began
        var buffer: [UInt8] = []
        var offset = 0
        var sent = 0
        while true {
            // The next `perTick` lines, reading more of the file when the buffer runs out.
            var end = offset
            var lines = 0
            while lines < perTick {
                if let newline = buffer[end...].firstIndex(of: UInt8(ascii: "\n")) {
                    end = newline + 1
                    lines += 1
                } else if let more = try input.read(upToCount: 1 << 20), !more.isEmpty {
                    buffer.removeSubrange(..<offset)
                    end -= offset
                    offset = 0
                    buffer += more
                } else {
                    break
                }
            }
            if lines == 0 { break }
            let due = UInt64(Double(sent) / messagesPerSecond * 1e9)
            let now = monotonicNanoseconds()
            if start + due > now {
                usleep(UInt32((start + due - now) / 1000))
            } else {
                start = now - due
            }
            try output.write(contentsOf: buffer[offset..<end])
            offset = end
            sent += lines
        }
        try output.close()
        return Double(sent) / (Double(monotonicNanoseconds() - began) / 1e9)
    }
}
