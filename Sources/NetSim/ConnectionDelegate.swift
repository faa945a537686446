/// The receiver of a ``Connection``'s messages: `NSURLConnectionDataDelegate` (with
/// `NSURLConnectionDelegate`'s failure message).
///
/// Every message arrives on the thread whose run loop the connection is scheduled in, while
/// that loop runs one of the scheduled modes. A connection sends `didReceive response` once,
/// then `didReceive data` any number of times, then exactly one of
/// ``connectionDidFinishLoading(_:)`` and ``connection(_:didFailWithError:)``, unless it is
/// cancelled first; after ``Connection/cancel()`` it sends nothing.
public protocol ConnectionDelegate: AnyObject, Sendable {
    /// Names the receiver in traces, e.g. "op A" (the trace says which object got each callback).
    var traceName: String { get }
    /// The response head arrived (`connection:didReceiveResponse:`).
    func connection(_ connection: Connection, didReceive response: HTTPResponseHead)
    /// Body bytes arrived, never empty (`connection:didReceiveData:`).
    func connection(_ connection: Connection, didReceive data: [UInt8])
    /// The whole response arrived (`connectionDidFinishLoading:`).
    func connectionDidFinishLoading(_ connection: Connection)
    /// The request failed (`connection:didFailWithError:`).
    func connection(_ connection: Connection, didFailWithError error: NetError)
}
