/// The receiver of a ``Connection``'s messages: `NSURLConnectionDataDelegate` (with
/// `NSURLConnectionDelegate`'s failure message).
///
/// Every message arrives on the thread whose run loop the connection is scheduled in, while
/// that loop runs one of the scheduled modes. Before that, a redirect response is offered to
/// ``connection(_:willSend:redirectResponse:)``, once per redirect. A connection sends
/// `didReceive response` once,
/// then `didReceive data` any number of times, then exactly one of
/// ``connectionDidFinishLoading(_:)`` and ``connection(_:didFailWithError:)``, unless it is
/// cancelled first; after ``Connection/cancel()`` it sends nothing.
public protocol ConnectionDelegate: AnyObject, Sendable {
    /// Names the receiver in traces, e.g. "op A" (the trace says which object got each callback).
    var traceName: String { get }
    /// A redirect response arrived (`connection:willSendRequest:redirectResponse:`):
    /// return the request to send instead (`request`, the proposed one, or a rewritten
    /// one), or nil to refuse, which makes `redirectResponse` the final response. Called
    /// only for redirects, never for the original request.
    func connection(_ connection: Connection, willSend request: HTTPRequest, redirectResponse: HTTPResponseHead) -> HTTPRequest?
    /// The response head arrived (`connection:didReceiveResponse:`).
    func connection(_ connection: Connection, didReceive response: HTTPResponseHead)
    /// Body bytes arrived, never empty (`connection:didReceiveData:`).
    func connection(_ connection: Connection, didReceive data: [UInt8])
    /// The whole response arrived (`connectionDidFinishLoading:`).
    func connectionDidFinishLoading(_ connection: Connection)
    /// The request failed (`connection:didFailWithError:`).
    func connection(_ connection: Connection, didFailWithError error: NetError)
}

extension ConnectionDelegate {
    /// A delegate that does not implement `connection:willSendRequest:redirectResponse:`
    /// follows every redirect, as NSURLConnection does: it returns `request`.
    public func connection(_ connection: Connection, willSend request: HTTPRequest, redirectResponse: HTTPResponseHead) -> HTTPRequest? {
        request
    }
}
