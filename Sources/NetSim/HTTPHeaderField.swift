/// One header field as received, name and value in wire order, like one entry of
/// `NSHTTPURLResponse.allHeaderFields` before Foundation folds duplicates into a dictionary.
public struct HTTPHeaderField: Sendable, Equatable {
    /// The field name exactly as sent (an HTTP token, so ASCII).
    public let name: String
    /// The field value with surrounding spaces and tabs removed.
    public let value: String

    /// Creates a field.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }

    /// Whether the field's name equals `other`, ignoring ASCII case as HTTP requires. Names
    /// of different lengths differ without a byte compared: every response head is framed
    /// by looking its fields up by name.
    public func hasName(_ other: String) -> Bool {
        guard name.utf8.count == other.utf8.count else { return false }
        let inPlace = name.utf8.withContiguousStorageIfAvailable { name in
            other.utf8.withContiguousStorageIfAvailable { HTTPGrammar.equalIgnoringASCIICase(name, $0) }
        }
        if let inPlace, let equal = inPlace { return equal }
        return name.utf8.elementsEqual(other.utf8) { HTTPGrammar.lowercased($0) == HTTPGrammar.lowercased($1) }
    }
}
