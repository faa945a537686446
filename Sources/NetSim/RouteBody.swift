/// The entity a scripted route serves: deterministic bytes from a seed (any length, any
/// range, nothing stored) or literal bytes (a JSON document for a serializer test).
public enum RouteBody: Sendable, Equatable {
    /// The first `length` bytes of `DeterministicBody(seed: seed)`.
    case deterministic(seed: UInt64, length: Int)
    /// Exactly these bytes.
    case bytes([UInt8])

    /// The UTF-8 bytes of `text`.
    public static func text(_ text: String) -> RouteBody {
        .bytes(Array(text.utf8))
    }

    /// The entity's full length in bytes.
    public var length: Int {
        switch self {
        case let .deterministic(_, length): length
        case let .bytes(bytes): bytes.count
        }
    }

    /// The bytes at offsets `range` of the entity.
    public func bytes(in range: Range<Int>) -> [UInt8] {
        switch self {
        case let .deterministic(seed, _): DeterministicBody(seed: seed).bytes(in: range)
        case let .bytes(bytes): Array(bytes[range])
        }
    }
}
