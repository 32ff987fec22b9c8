/// A view for every element of a collection, laid out by the enclosing stack.
///
/// The identifier is kept for SwiftUI parity; frames are drawn from scratch, so it is not used to diff.
public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content: View>: View {
    /// The elements, in order.
    public let data: Data
    let id: KeyPath<Data.Element, ID>
    let content: (Data.Element) -> Content

    /// A view for every element, identified by the key path.
    public init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.data = data
        self.id = id
        self.content = content
    }

    public var body: Never { primitiveBody(of: Self.self) }

    public func _lower(into context: inout _LoweringContext) {
        // Lowering runs as unspecialised generic code, where stepping through a collection calls its
        // subscript's read coroutine, and that allocates its frame on the heap for every element.
        // Arrays and slices are walked through their buffer instead, which allocates nothing.
        let walkedBuffer: Void? = data.withContiguousStorageIfAvailable { elements in
            for index in elements.indices {
                content(elements[index])._lower(into: &context)
            }
        }
        guard walkedBuffer == nil else { return }
        for element in data {
            content(element)._lower(into: &context)
        }
    }
}

extension ForEach where Data.Element: Identifiable, ID == Data.Element.ID {
    /// A view for every identifiable element.
    public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.init(data, id: \.id, content: content)
    }
}

extension ForEach where Data == Range<Int>, ID == Int {
    /// A view for every integer of a range.
    public init(_ data: Range<Int>, @ViewBuilder content: @escaping (Int) -> Content) {
        self.init(data, id: \.self, content: content)
    }
}
