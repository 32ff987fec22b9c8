import Foundation
import NIOCore
import Testing
@testable import MQTTConnection

/// The hand-over between libmosquitto's network thread and Swift concurrency.
@Suite("MQTT hand-over queue")
struct DeliveryQueueTests {
    private func message(_ index: Int, bytes: Int = 10) -> MQTTDelivery {
        .message(MQTTMessage(topic: "t/\(index)", payload: [UInt8](repeating: 0x20, count: bytes), arrivedAt: Date(timeIntervalSince1970: 1_749_895_200)))
    }

    private func topics(_ batch: CircularBuffer<MQTTDelivery>) -> [String] {
        batch.map { item in
            guard case .message(let message) = item else { return "dropped" }
            return message.topic
        }
    }

    @Test("the consumer takes everything waiting in one batch, in arrival order")
    func takesAllWaiting() async {
        let queue = DeliveryQueue(capacity: 100, byteCapacity: 1 << 20)
        for index in 0..<5 { queue.append(message(index)) }
        var batch = CircularBuffer<MQTTDelivery>()
        #expect(await queue.take(into: &batch))
        #expect(topics(batch) == ["t/0", "t/1", "t/2", "t/3", "t/4"])
        queue.append(message(5))
        #expect(await queue.take(into: &batch))
        #expect(topics(batch) == ["t/5"])
        #expect(queue.counters == DeliveryQueue.Counters(appended: 6, dropped: 0))
    }

    @Test("a batch holds at most the batch limit; the rest waits for the next one")
    func limitsBatches() async {
        let queue = DeliveryQueue(capacity: 100, byteCapacity: 1 << 20, batchLimit: 3)
        for index in 0..<5 { queue.append(message(index)) }
        var batch = CircularBuffer<MQTTDelivery>()
        #expect(await queue.take(into: &batch))
        #expect(topics(batch) == ["t/0", "t/1", "t/2"])
        queue.append(message(5))
        #expect(await queue.take(into: &batch))
        #expect(topics(batch) == ["t/3", "t/4", "t/5"])
    }

    @Test("beyond its capacity the oldest messages are dropped and counted")
    func dropsOldestByCount() async {
        let queue = DeliveryQueue(capacity: 3, byteCapacity: 1 << 20)
        for index in 0..<10 { queue.append(message(index)) }
        var batch = CircularBuffer<MQTTDelivery>()
        #expect(await queue.take(into: &batch))
        #expect(topics(batch) == ["t/7", "t/8", "t/9"])
        #expect(queue.counters == DeliveryQueue.Counters(appended: 10, dropped: 7))
    }

    @Test("beyond its byte bound the oldest messages are dropped; one larger message is still taken")
    func dropsOldestByBytes() async {
        // Each message holds 100 payload bytes and a 3-byte topic.
        let queue = DeliveryQueue(capacity: 100, byteCapacity: 250)
        for index in 0..<5 { queue.append(message(index, bytes: 100)) }
        var batch = CircularBuffer<MQTTDelivery>()
        #expect(await queue.take(into: &batch))
        #expect(topics(batch) == ["t/3", "t/4"])
        queue.append(message(5, bytes: 1000))
        #expect(await queue.take(into: &batch))
        #expect(topics(batch) == ["t/5"])
        #expect(queue.counters.dropped == 3)
    }

    @Test("a waiting consumer wakes for the next message; once finished it drains, then stops")
    func wakesAndFinishes() async {
        let queue = DeliveryQueue(capacity: 10, byteCapacity: 1 << 20)
        async let first: [String] = {
            var batch = CircularBuffer<MQTTDelivery>()
            _ = await queue.take(into: &batch)
            return topics(batch)
        }()
        queue.append(message(1))
        #expect(await first == ["t/1"])
        queue.append(message(2))
        queue.finish()
        queue.append(message(3))
        var batch = CircularBuffer<MQTTDelivery>()
        #expect(await queue.take(into: &batch))
        #expect(topics(batch) == ["t/2"])
        #expect(await queue.take(into: &batch) == false)
        #expect(queue.counters == DeliveryQueue.Counters(appended: 3, dropped: 1))
    }

    @Test("a consumer whose task is cancelled stops, waiting or not, and leaves what arrives to the next consumer")
    func cancelledConsumer() async {
        let queue = DeliveryQueue(capacity: 10, byteCapacity: 1 << 20)
        let waiting = Task {
            var batch = CircularBuffer<MQTTDelivery>()
            return await queue.take(into: &batch)
        }
        waiting.cancel()
        #expect(await waiting.value == false)
        queue.append(message(1))
        let cancelled = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            var batch = CircularBuffer<MQTTDelivery>()
            return await queue.take(into: &batch)
        }
        #expect(await cancelled.value == false)
        var batch = CircularBuffer<MQTTDelivery>()
        #expect(await queue.take(into: &batch))
        #expect(topics(batch) == ["t/1"])
    }
}
