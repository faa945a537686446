/// Why a response serializer refused a response (`AFURLResponseSerializationErrorDomain`)
/// or could not parse its body (`NSCocoaErrorDomain` 3840, as `NSJSONSerialization`
/// reports).
public struct ResponseSerializationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `AFURLResponseSerializationErrorDomain`.
    public static let responseDomain = "com.alamofire.error.serialization.response"
    /// `NSCocoaErrorDomain`, where `NSJSONSerialization` reports malformed JSON.
    public static let cocoaDomain = "NSCocoaErrorDomain"

    /// What went wrong.
    public enum Reason: Sendable, Equatable {
        /// The status code is not acceptable: `NSURLErrorBadServerResponse` (−1011).
        case unacceptableStatusCode(Int)
        /// The MIME type is not acceptable: `NSURLErrorCannotDecodeContentData` (−1016).
        case unacceptableContentType(String?)
        /// The body is not valid JSON: `NSPropertyListReadCorruptError` (3840), with where and why.
        case invalidJSON(String)
    }

    /// What went wrong.
    public let reason: Reason

    /// A serialization error for `reason`.
    public init(_ reason: Reason) {
        self.reason = reason
    }

    /// The error's domain.
    public var domain: String {
        if case .invalidJSON = reason { Self.cocoaDomain } else { Self.responseDomain }
    }

    /// The error's code.
    public var code: Int {
        switch reason {
        case .unacceptableStatusCode: -1011
        case .unacceptableContentType: -1016
        case .invalidJSON: 3840
        }
    }

    /// `<domain> <code>: <message>`.
    public var description: String {
        let message =
            switch reason {
            case let .unacceptableStatusCode(status): "Request failed: unacceptable status code \(status)"
            case let .unacceptableContentType(type): "Request failed: unacceptable content-type: \(type ?? "none")"
            case let .invalidJSON(detail): "invalid JSON: \(detail)"
            }
        return "\(domain) \(code): \(message)"
    }
}
