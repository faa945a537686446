/// A response's header fields in the order received, with case-insensitive lookup, like
/// `-[NSHTTPURLResponse allHeaderFields]` but keeping order and duplicates.
public struct HTTPHeaders: Sendable, Equatable {
    /// Every field, in wire order.
    public let fields: [HTTPHeaderField]

    /// Creates headers from fields in order.
    public init(_ fields: [HTTPHeaderField] = []) {
        self.fields = fields
    }

    /// The number of fields, duplicates included.
    public var count: Int { fields.count }

    /// The value of the first field named `name` (ASCII case ignored), or nil.
    public subscript(name: String) -> String? {
        fields.first { $0.hasName(name) }?.value
    }

    /// The values of every field named `name` (ASCII case ignored), in wire order.
    public func values(for name: String) -> [String] {
        fields.filter { $0.hasName(name) }.map(\.value)
    }
}
