/// What ``HTTPResponseParser`` reports, in order. Each case matches one NSURLConnection
/// delegate message.
public enum HTTPResponseEvent: Sendable, Equatable {
    /// The final response head (`connection:didReceiveResponse:`). Reported once; 1xx interim
    /// heads are skipped.
    case head(HTTPResponseHead)
    /// Decoded body bytes as they arrive, never empty (`connection:didReceiveData:`).
    case body([UInt8])
    /// The message is complete (`connectionDidFinishLoading:`).
    case end
    /// The response failed; nothing follows (`connection:didFailWithError:`).
    case error(HTTPParseError)
}
