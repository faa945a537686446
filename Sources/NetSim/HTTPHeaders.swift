/// Header fields in wire order, with case-insensitive lookup: a response's, like
/// `-[NSHTTPURLResponse allHeaderFields]` but keeping order and duplicates, or a request's,
/// edited like `-[NSMutableURLRequest setValue:forHTTPHeaderField:]`.
public struct HTTPHeaders: Sendable, Equatable {
    /// Every field, in wire order.
    public private(set) var fields: [HTTPHeaderField]

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

    /// The values of every field named `name` (ASCII case ignored), in wire order, read
    /// lazily: the head of every response is framed through here.
    public func values(for name: String) -> some Sequence<String> {
        fields.lazy.filter { $0.hasName(name) }.map(\.value)
    }

    /// Sets the field named `name` (ASCII case ignored) to `value`, like
    /// `-[NSMutableURLRequest setValue:forHTTPHeaderField:]`: the first such field keeps its
    /// place and takes the new value, later duplicates are removed, and a new name goes last.
    public mutating func setValue(_ value: String, for name: String) {
        guard let first = fields.firstIndex(where: { $0.hasName(name) }) else {
            fields.append(HTTPHeaderField(name: name, value: value))
            return
        }
        let later = fields[(first + 1)...].filter { !$0.hasName(name) }
        fields = fields[..<first] + [HTTPHeaderField(name: fields[first].name, value: value)] + later
    }

    /// Removes every field named `name` (ASCII case ignored), keeping the others in order
    /// (`setValue:nil forHTTPHeaderField:`).
    public mutating func removeValue(for name: String) {
        fields.removeAll { $0.hasName(name) }
    }
}
