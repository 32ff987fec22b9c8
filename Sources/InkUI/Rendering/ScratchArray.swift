/// A growable buffer reused from frame to frame: `removeAll()` keeps the memory, so once a frame has
/// been rendered the next one of the same shape never allocates. Elements are reached through a raw
/// pointer, without the uniqueness and exclusivity checks of `Array` in hot loops; indices are trusted.
final class ScratchArray<Element> {
    private(set) var base: UnsafeMutablePointer<Element>
    private(set) var count = 0
    private(set) var capacity: Int

    init(capacity: Int = 64) {
        self.capacity = max(1, capacity)
        self.base = .allocate(capacity: self.capacity)
    }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }

    @inline(__always)
    subscript(index: Int) -> Element {
        get { base[index] }
        set { base[index] = newValue }
    }

    @inline(__always)
    subscript(index: Int32) -> Element {
        get { base[Int(index)] }
        set { base[Int(index)] = newValue }
    }

    /// Appends an element and returns its index.
    @discardableResult
    func append(_ element: Element) -> Int {
        if count == capacity { grow(to: capacity * 2) }
        (base + count).initialize(to: element)
        count += 1
        return count - 1
    }

    /// Drops the last elements, keeping the first `newCount`.
    func truncate(to newCount: Int) {
        guard newCount < count else { return }
        (base + newCount).deinitialize(count: count - newCount)
        count = newCount
    }

    /// Empties the buffer and keeps its memory.
    func removeAll() {
        truncate(to: 0)
    }

    private func grow(to newCapacity: Int) {
        let newBase = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        newBase.moveInitialize(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }
}
