import NetSim

/// The `NSError` an operation's `error` holds: one of the four domains AFNetworking's
/// operations and managers produce.
public enum OperationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `NSURLErrorDomain`: from the connection, or synthesized by `cancelConnection` (−999).
    case url(NetError)
    /// `NSPOSIXErrorDomain`: the output stream's `streamError` (spec §3.10).
    case stream(StreamError)
    /// A response serializer refused the response or could not parse it (spec §3.13).
    case serialization(ResponseSerializationError)
    /// `AFURLRequestSerializationErrorDomain`: the request could not be built (spec §3.17).
    case requestSerialization(RequestSerializationError)

    /// The error's domain.
    public var domain: String {
        switch self {
        case let .url(error): error.domain
        case let .stream(error): error.domain
        case let .serialization(error): error.domain
        case let .requestSerialization(error): error.domain
        }
    }

    /// The error's code.
    public var code: Int {
        switch self {
        case let .url(error): error.code.rawValue
        case let .stream(error): Int(error.code)
        case let .serialization(error): error.code
        case let .requestSerialization(error): error.code
        }
    }

    /// Whether this is `NSURLErrorCancelled` (−999): what a cancelled operation reports.
    public var isCancellation: Bool {
        if case let .url(error) = self { error.code == .cancelled } else { false }
    }

    /// The underlying error's description, domain and code first.
    public var description: String {
        switch self {
        case let .url(error): error.description
        case let .stream(error): error.description
        case let .serialization(error): error.description
        case let .requestSerialization(error): error.description
        }
    }
}
