/// A failure the loopback server injects instead of a well-formed response: the network
/// and server misbehaviour that makes NSURLConnection call `connection:didFailWithError:`
/// (or, for a short Content-Length, silently drop bytes).
public enum ServerFault: Sendable, Equatable {
    /// Send the head and `afterBodyBytes` body bytes, then reset the connection
    /// (`SO_LINGER` 0 and close: a TCP RST live; a plain close on a simulated socket pair).
    case reset(afterBodyBytes: Int)
    /// Read the request, then close without sending a byte.
    case closeBeforeHeaders
    /// Read the request, then send nothing and keep the socket open for ever.
    case stall
    /// Start the response with a status line that is not `HTTP/1.x <code> <reason>`.
    case malformedStatusLine
    /// Add a header field whose value is `bytes` long (the client's limit is 16 KiB).
    case oversizedHeader(bytes: Int)
    /// Add a header line that is not `name: value`.
    case garbageHeaderLine
    /// Announce `by` more bytes than the body has, send the body, then close.
    case contentLengthLonger(by: Int)
    /// Announce `by` fewer bytes than the body has, then send the whole body and close.
    case contentLengthShorter(by: Int)
}
