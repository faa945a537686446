import NetSim

/// One redirect an operation's connection was offered, and what
/// `connection:willSendRequest:redirectResponse:` answered: the lab's record of each call,
/// kept after the connection is gone (AFNetworking keeps none).
public struct RedirectHop: Sendable, Equatable, CustomStringConvertible {
    /// The redirect response's status code (301, 302, 303, 307 or 308).
    public let status: Int
    /// The URL that answered with the redirect (the connection's `currentRequest` then).
    public let from: LabURL
    /// The request NSURLConnection proposed for the redirect's `Location`.
    public let proposed: HTTPRequest
    /// The request the operation returned: `proposed`, a rewritten one, or nil when it
    /// refused, which makes the redirect response the final one.
    public let sent: HTTPRequest?

    /// Creates a record.
    public init(status: Int, from: LabURL, proposed: HTTPRequest, sent: HTTPRequest?) {
        self.status = status
        self.from = from
        self.proposed = proposed
        self.sent = sent
    }

    /// `302 /old -> GET /new`, or `302 /old -> refused`.
    public var description: String {
        "\(status) \(from.pathAndQuery) -> " + (sent.map { "\($0.method) \($0.url.pathAndQuery)" } ?? "refused")
    }
}
