/// Why ``HTTPResponseParser`` gave up on a response: the CFHTTPMessage-level failures that
/// NSURLConnection turns into `connection:didFailWithError:`.
///
/// ``netErrorCode`` maps each case to an NSURLError code; the table is on ``NetError``.
public enum HTTPParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// End of stream before the response head was complete (a truncated head).
    case closedBeforeHeaders
    /// End of stream inside a Content-Length or chunked body. `expected` is nil for chunked.
    case truncatedBody(received: Int, expected: Int?)
    /// The status line is not `HTTP/1.x <3-digit code> [reason]`.
    case malformedStatusLine(String)
    /// A header line is malformed: no colon, a bad name or value character, or obs-fold.
    case invalidHeaderLine(String)
    /// A Content-Length value is not a non-negative decimal that fits in `Int`.
    case invalidContentLength(String)
    /// Two Content-Length values disagree.
    case conflictingContentLength(first: Int, second: Int)
    /// Both Transfer-Encoding and Content-Length are present.
    case conflictingFraming
    /// A Transfer-Encoding other than exactly `chunked`.
    case unsupportedTransferEncoding(String)
    /// A 101 Switching Protocols response to a request that asked for no upgrade.
    case unexpectedSwitchingProtocols
    /// A chunk-size line is not hexadecimal, overflows, or chunk data lacks its CRLF.
    case invalidChunk(String)
    /// A configured limit was exceeded.
    case limitExceeded(HTTPParserLimit, limit: Int)

    /// The NSURLError code NSURLConnection would report for this failure.
    public var netErrorCode: NetError.Code {
        switch self {
        case .closedBeforeHeaders, .truncatedBody:
            .networkConnectionLost
        case .malformedStatusLine, .invalidHeaderLine, .invalidChunk, .limitExceeded:
            .cannotParseResponse
        case .invalidContentLength, .conflictingContentLength, .conflictingFraming,
            .unsupportedTransferEncoding, .unexpectedSwitchingProtocols:
            .badServerResponse
        }
    }

    /// A one-line human description naming the failure.
    public var description: String {
        switch self {
        case .closedBeforeHeaders:
            "truncated head: connection closed before the response headers were complete"
        case .truncatedBody(let received, let expected?):
            "truncated body: connection closed after \(received) of \(expected) body bytes"
        case .truncatedBody(let received, nil):
            "truncated body: connection closed inside a chunked body after \(received) bytes"
        case .malformedStatusLine(let why):
            "malformed status line: \(why)"
        case .invalidHeaderLine(let why):
            "invalid header line: \(why)"
        case .invalidContentLength(let why):
            "invalid Content-Length: \(why)"
        case .conflictingContentLength(let first, let second):
            "conflicting Content-Length values \(first) and \(second)"
        case .conflictingFraming:
            "both Transfer-Encoding and Content-Length are present"
        case .unsupportedTransferEncoding(let codings):
            "unsupported Transfer-Encoding '\(codings)' (only 'chunked' is accepted)"
        case .unexpectedSwitchingProtocols:
            "unexpected 101 Switching Protocols"
        case .invalidChunk(let why):
            "invalid chunk: \(why)"
        case .limitExceeded(let which, let limit):
            "\(which.subject) exceeds the limit of \(limit) \(which.unit) (\(which.settingName))"
        }
    }
}
