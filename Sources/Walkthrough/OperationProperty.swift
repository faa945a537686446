/// A property of an operation that `expect A.PROPERTY` reads after the run.
enum OperationProperty: String, Sendable, Equatable, CaseIterable {
    /// `ready`, `executing`, `paused` or `finished`.
    case state
    /// `none`, an NSURLError name (`cancelled`, `timedOut`, …), `stream`, `serialization`,
    /// `requestSerialization`, or a code such as `-999`.
    case error
    /// `true` or `false`.
    case cancelled
    /// `totalBytesRead`: bytes counted on main by the progress updates.
    case bytes
    /// The length of `responseData`, or `none`.
    case data
    /// The status code of the latest response, or `none`.
    case status
    /// Which completion ran: `success`, `failure`, `success+failure`, `block`, or `none`.
    case completion
    /// The error's domain, e.g. `NSURLErrorDomain`, or `none`.
    case errorDomain = "error.domain"
    /// The error's code, e.g. `-999`, or `none`.
    case errorCode = "error.code"
    /// The path (and query) of the error's failing URL, or `none`.
    case errorURL = "error.url"
    /// Whether it holds a connection: `nil` or `set`.
    case connection
    /// The output stream it holds: `nil`, a declared stream's name, or `set` for any.
    case outputStream
    /// Whether its `completionBlock` is set: `nil` or `set`.
    case completionBlock
    /// Whether it is among the queue's operations: `true` or `false`.
    case queued
    /// How many connections it made (each `operationDidStart` that connected).
    case connections
    /// The path and query of the latest response's URL (`response.URL`, the last redirect's
    /// target), or `none`.
    case url

    /// The properties a block operation (`op X = block`) has: it has no request.
    static let blockOperationProperties: [OperationProperty] = [.state, .cancelled, .queued]

    /// The properties compared as numbers.
    var isNumeric: Bool { [.bytes, .data, .status, .errorCode, .connections].contains(self) }
}
