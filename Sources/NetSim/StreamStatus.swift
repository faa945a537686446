/// The lifecycle of a ``LabOutputStream``, the subset of `NSStreamStatus` AFNetworking
/// depends on: not-open → open → closed, or error when the file system refuses.
public enum StreamStatus: Sendable, Equatable, CustomStringConvertible {
    /// `NSStreamStatusNotOpen`: created, not yet opened.
    case notOpen
    /// `NSStreamStatusOpen`: accepting writes.
    case open
    /// `NSStreamStatusClosed`: closed for good; a closed stream cannot be reopened.
    case closed
    /// `NSStreamStatusError`: an open or a write failed; ``LabOutputStream/streamError`` says why.
    case error

    /// `"notOpen"`, `"open"`, `"closed"`, `"error"`: the case's name, as a trace shows it,
    /// without reflecting on the value.
    public var description: String {
        switch self {
        case .notOpen: "notOpen"
        case .open: "open"
        case .closed: "closed"
        case .error: "error"
        }
    }
}
