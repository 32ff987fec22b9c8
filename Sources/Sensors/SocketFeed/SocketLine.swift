/// What the line decoder hands on: a complete line (without its line break), or the size of a line
/// that exceeded the limit and was discarded while it streamed past.
enum SocketLine: Sendable, Equatable {
    case line([UInt8])
    case overlong(bytes: Int)
}
