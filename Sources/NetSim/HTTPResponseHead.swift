/// The final (non-1xx) response head: what NSURLConnection wraps in an `NSHTTPURLResponse`
/// and passes to `connection:didReceiveResponse:`.
public struct HTTPResponseHead: Sendable, Equatable {
    /// The status line's protocol version.
    public let version: HTTPVersion
    /// The status code, 100...599 (`statusCode`).
    public let statusCode: Int
    /// The reason phrase, possibly empty.
    public let reason: String
    /// The header fields in wire order (`allHeaderFields`).
    public let headers: HTTPHeaders
    /// The validated Content-Length, or nil when unknown, like `expectedContentLength`
    /// (which reports `NSURLResponseUnknownLength`, −1, for nil).
    public let expectedContentLength: Int?

    /// Creates a head.
    public init(
        version: HTTPVersion, statusCode: Int, reason: String, headers: HTTPHeaders,
        expectedContentLength: Int?
    ) {
        self.version = version
        self.statusCode = statusCode
        self.reason = reason
        self.headers = headers
        self.expectedContentLength = expectedContentLength
    }
}
