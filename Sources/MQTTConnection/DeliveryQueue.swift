import NIOCore
import Synchronization

/// The bounded hand-over from libmosquitto's network thread to Swift concurrency.
///
/// The thread appends under a lock and never waits, so the library keeps reading the socket and
/// answering the broker's keep-alives whatever the Swift side is doing. The one consumer takes what is
/// buffered in batches (up to `batchLimit` messages, which bounds the work and memory of one batch): one
/// wake-up and one hop to the consumer per batch, not per message.
/// When `capacity` items or `byteCapacity` bytes of payload are waiting, the oldest item is dropped and
/// counted, so the queue's memory stays bounded whatever the broker sends.
final class DeliveryQueue: Sendable {
    /// Items appended and items dropped since the start.
    struct Counters: Sendable, Equatable {
        var appended = 0
        var dropped = 0
    }

    let capacity: Int
    let byteCapacity: Int
    /// Items handed over in one batch at most.
    let batchLimit: Int
    private let state: Mutex<State>

    private struct State {
        var items: CircularBuffer<MQTTDelivery>
        var bytes = 0
        var counters = Counters()
        var consumer: CheckedContinuation<Void, Never>?
        var finished = false
    }

    /// - Parameters:
    ///   - capacity: items waiting at most (at least 1).
    ///   - byteCapacity: payload and topic bytes waiting at most; one item is always accepted.
    ///   - batchLimit: items handed over in one batch at most.
    init(capacity: Int, byteCapacity: Int, batchLimit: Int = 2048) {
        self.capacity = max(1, capacity)
        self.byteCapacity = max(1, byteCapacity)
        self.batchLimit = max(1, batchLimit)
        state = Mutex(State(items: CircularBuffer(initialCapacity: 64)))
    }

    var counters: Counters { state.withLock { $0.counters } }

    /// Adds an item, dropping the oldest ones while the queue is over either bound (network thread).
    /// After `finish()` items are counted as dropped.
    func append(_ item: MQTTDelivery) {
        let size = item.heldBytes
        let consumer = state.withLock { state -> CheckedContinuation<Void, Never>? in
            state.counters.appended += 1
            guard !state.finished else {
                state.counters.dropped += 1
                return nil
            }
            while !state.items.isEmpty, state.items.count >= capacity || state.bytes + size > byteCapacity {
                state.bytes -= state.items.removeFirst().heldBytes
                state.counters.dropped += 1
            }
            state.items.append(item)
            state.bytes += size
            defer { state.consumer = nil }
            return state.consumer
        }
        consumer?.resume()
    }

    /// Waits until items are waiting, then moves the oldest of them, up to `batchLimit`, into `batch`
    /// (emptied first; when all fit, the two buffers just change places). Returns false once the queue
    /// is finished and drained, or when the consumer's task is cancelled: the items stay for the next
    /// consumer. One consumer at a time.
    func take(into batch: inout CircularBuffer<MQTTDelivery>) async -> Bool {
        batch.removeAll(keepingCapacity: true)
        while !Task.isCancelled {
            let done = state.withLock { state -> Bool in
                guard !state.items.isEmpty else { return state.finished }
                if state.items.count <= batchLimit {
                    swap(&state.items, &batch)
                    state.bytes = 0
                } else {
                    for _ in 0..<batchLimit {
                        let item = state.items.removeFirst()
                        state.bytes -= item.heldBytes
                        batch.append(item)
                    }
                }
                return true
            }
            if done { return !batch.isEmpty }
            await withTaskCancellationHandler {
                await withCheckedContinuation { continuation in
                    let ready = state.withLock { state -> Bool in
                        guard state.items.isEmpty, !state.finished, !Task.isCancelled else { return true }
                        state.consumer = continuation
                        return false
                    }
                    if ready { continuation.resume() }
                }
            } onCancel: {
                state.withLock { state in
                    defer { state.consumer = nil }
                    return state.consumer
                }?.resume()
            }
        }
        return false
    }

    /// Ends the queue: the consumer drains what is waiting, then `take` returns false.
    func finish() {
        let consumer = state.withLock { state -> CheckedContinuation<Void, Never>? in
            state.finished = true
            defer { state.consumer = nil }
            return state.consumer
        }
        consumer?.resume()
    }
}
