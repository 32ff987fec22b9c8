import Synchronization

/// Hands each change to every current listener. Each listener has its own small buffer that keeps the
/// newest changes, so a slow listener loses old notifications, never blocks the store.
final class ChangeBroadcaster: Sendable {
    private let listeners = Mutex<(next: Int, continuations: [Int: AsyncStream<SensorChange>.Continuation])>(
        (0, [:]))
    private let bufferSize: Int

    init(bufferSize: Int = 64) {
        self.bufferSize = bufferSize
    }

    /// A new stream of changes, ending when the listener stops iterating or the broadcaster finishes.
    func stream() -> AsyncStream<SensorChange> {
        let (stream, continuation) = AsyncStream<SensorChange>.makeStream(bufferingPolicy: .bufferingNewest(bufferSize))
        let id = listeners.withLock { state in
            let id = state.next
            state.next += 1
            state.continuations[id] = continuation
            return id
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.listeners.withLock { $0.continuations.removeValue(forKey: id) }
        }
        return stream
    }

    func send(_ change: SensorChange) {
        let continuations = listeners.withLock { $0.continuations.isEmpty ? [] : Array($0.continuations.values) }
        for continuation in continuations { continuation.yield(change) }
    }

    func finish() {
        let continuations = listeners.withLock { state in
            let all = Array(state.continuations.values)
            state.continuations.removeAll()
            return all
        }
        for continuation in continuations { continuation.finish() }
    }
}
