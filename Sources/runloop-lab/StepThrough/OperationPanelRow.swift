import Walkthrough

/// One row of the demo's operations panel: an operation (or a session task) as the trace so
/// far shows it.
struct OperationPanelRow: Sendable, Equatable {
    /// Its trace name: `op big`, `task 1`.
    let name: String
    /// `ready`, `executing`, `paused`, `finished` (from `operation.state`), or for a session
    /// task `running` and `completed`.
    var state = "ready"
    /// Whether `isCancelled` was set.
    var cancelled = false
    /// Its connection, `C0`, once created.
    var connection: String?
    /// Whether the connection ended (finished, failed or cancelled).
    var connectionEnded = false
    /// Bytes its connection delivered in `didReceiveData` callbacks.
    var bytes = 0
    /// The error it failed with: the code of `didFailWithError`, or `none`.
    var error = "none"
    /// The objects its connection's callbacks reached, in first-reached order: the operation
    /// itself, or a session task, the manager and the delegate it found in its dictionary.
    var reached: [String] = []
    /// The completion blocks that ran, in order, as the trace names them.
    var completions: [String] = []

    /// Which user-level completion ran, as `expect A.completion` names it: `success`,
    /// `failure`, both joined by `+`, `block` when only a completion block ran, or `none`.
    var completionName: String { OperationReport.completionName(of: completions) }

    /// The row as one line of text.
    var text: String {
        let connectionText = connection.map { $0 + (connectionEnded ? " (ended)" : "") } ?? "-"
        let reachedText = reached.isEmpty ? "-" : reached.joined(separator: ", ")
        return "\(name.padded(to: 10)) \(state.padded(to: 10)) \((cancelled ? "yes" : "no").padded(to: 9)) "
            + "\(connectionText.padded(to: 11)) \(String(bytes).padded(to: 6)) \(error.padded(to: 6)) "
            + "\(completionName.padded(to: 11)) \(reachedText)"
    }

    /// The panel's column headings, aligned with ``text``.
    static let heading = "\("operation".padded(to: 10)) \("state".padded(to: 10)) \("cancelled".padded(to: 9)) "
        + "\("connection".padded(to: 11)) \("bytes".padded(to: 6)) \("error".padded(to: 6)) "
        + "\("completion".padded(to: 11)) callbacks reached"
}
