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
    /// Which completion ran: `success`, `failure`, `block`, or `none`.
    case completion
}
