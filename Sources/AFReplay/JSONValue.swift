/// A parsed JSON document: what `NSJSONSerialization` hands back as `NSDictionary`,
/// `NSArray`, `NSString`, `NSNumber` and `NSNull`, with object members kept in document
/// order (so nothing depends on hashing).
public indirect enum JSONValue: Sendable, Equatable, CustomStringConvertible {
    /// `null` (`NSNull`).
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number, kept as its literal text so that nothing is lost or reformatted.
    case number(String)
    /// A string, unescaped.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object's members in document order.
    case object([(key: String, value: JSONValue)])

    /// The value of the first member called `key`, if this is an object.
    public subscript(key: String) -> JSONValue? {
        guard case let .object(members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// Compact JSON text.
    public var description: String {
        switch self {
        case .null: "null"
        case let .bool(value): value ? "true" : "false"
        case let .number(text): text
        case let .string(text): Self.quoted(text)
        case let .array(values): "[" + values.map(\.description).joined(separator: ",") + "]"
        case let .object(members): "{" + members.map { Self.quoted($0.key) + ":" + $0.value.description }.joined(separator: ",") + "}"
        }
    }

    /// Structural equality, object members compared in order.
    public static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a, b) {
        case (.null, .null): true
        case let (.bool(x), .bool(y)): x == y
        case let (.number(x), .number(y)): x == y
        case let (.string(x), .string(y)): x == y
        case let (.array(x), .array(y)): x == y
        case let (.object(x), .object(y)): x.count == y.count && zip(x, y).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: false
        }
    }

    private static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20: result += "\\u00" + (scalar.value < 0x10 ? "0" : "") + String(scalar.value, radix: 16)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
