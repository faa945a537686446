import LabRuntime

/// An error in the `NSURLErrorDomain`, as NSURLConnection hands it to
/// `connection:didFailWithError:` and AFNetworking stores it in `error`.
///
/// Like `NSError`, it carries a domain, a code, a human message (`localizedDescription`) and
/// the failing URL string (`NSURLErrorFailingURLStringErrorKey`).
///
/// Response-parser failures map onto codes as follows (``init(_:failingURL:)`` applies it):
///
/// | ``HTTPParseError`` | code | why |
/// |---|---|---|
/// | `closedBeforeHeaders`, `truncatedBody` | ``Code/networkConnectionLost`` (−1005) | the peer closed the connection mid-message |
/// | `malformedStatusLine`, `invalidHeaderLine`, `invalidChunk`, `limitExceeded` | ``Code/cannotParseResponse`` (−1017) | the bytes are not an HTTP/1.1 response we accept |
/// | `invalidContentLength`, `conflictingContentLength`, `conflictingFraming`, `unsupportedTransferEncoding`, `unexpectedSwitchingProtocols` | ``Code/badServerResponse`` (−1011) | the response parses, but its framing makes no sense for this request |
public struct NetError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The error domain, `NSURLErrorDomain`.
    public static let domain = "NSURLErrorDomain"

    /// The error domain (`NSError.domain`), always ``NetError/domain-swift.type.property``.
    public var domain: String { Self.domain }

    /// The NSURLError code.
    public let code: Code

    /// The human-readable message, like `NSError.localizedDescription`.
    public let message: String

    /// The URL of the request that failed, like `NSURLErrorFailingURLStringErrorKey`.
    public let failingURL: String?

    /// Creates an error with a code, an optional message (defaulting to the code's standard
    /// text) and the failing URL string, like `+[NSError errorWithDomain:code:userInfo:]`.
    public init(_ code: Code, message: String? = nil, failingURL: String? = nil) {
        self.code = code
        self.message = message ?? code.standardMessage
        self.failingURL = failingURL
    }

    /// Creates the error NSURLConnection would report for a response it could not read,
    /// mapping the parser error to a code per the table on ``NetError``.
    public init(_ parseError: HTTPParseError, failingURL: String? = nil) {
        self.init(parseError.netErrorCode, message: parseError.description, failingURL: failingURL)
    }

    /// `NSURLErrorDomain <code>: <message>`, followed by the failing URL when there is one.
    public var description: String {
        String {
            $0.write(Self.domain)
            $0.write(" ")
            $0.write(code.rawValue)
            $0.write(": ")
            $0.write(message)
            if let failingURL {
                $0.write(" (")
                $0.write(failingURL)
                $0.write(")")
            }
        }
    }
}
