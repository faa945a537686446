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
    /// The error it failed with: `cancelled (−999)` for a cancellation (the connection's or
    /// the one `cancelConnection` synthesizes), else the code of `didFailWithError` or where
    /// the operation's own failure came from; or `none`.
    var error = "none"
    /// The objects its connection's callbacks reached, in first-reached order: the operation
    /// itself, or a session task, the manager and the delegate it found in its dictionary.
    var reached: [String] = []
    /// The completion blocks that ran, in order, as the trace names them.
    var completions: [String] = []

    /// Which user-level completion ran, as `expect A.completion` names it: `success`,
    /// `failure`, both joined by `+`, `block` when only a completion block ran, or `none`.
    var completionName: String { OperationReport.completionName(of: completions) }

    /// The text the error column shows for what follows `didFailWithError` in a callback:
    /// `cancelled (−999)` for `-999` or `(from cancelConnection)`, `(from no space)` as
    /// `no space`, other codes as they are.
    static func errorText(_ detail: String) -> String {
        switch detail {
        case "-999", "(from cancelConnection)": "cancelled (−999)"
        case _ where detail.hasPrefix("(from ") && detail.hasSuffix(")"): String(detail.dropFirst(6).dropLast())
        default: detail
        }
    }

    /// The text the error column shows for an error stored in the operation's `error` field,
    /// `NSURLErrorDomain -999: cancelled (…)`: its code, as ``errorText(_:)`` shows a
    /// callback's.
    static func errorText(stored value: String) -> String {
        let words = value.split(separator: " ")
        guard words.count > 1 else { return value }
        return errorText(String(words[1].prefix { $0 != ":" }))
    }

    /// The row as one line of text.
    var text: String { columnsText + " " + reachedText }

    /// The row without its callbacks-reached column, aligned with ``columnsHeading``.
    var columnsText: String {
        "\(name.padded(to: 10)) \(state.padded(to: 10)) \(cancelledText.padded(to: 9)) "
            + "\(connectionText.padded(to: 11)) \(String(bytes).padded(to: 6)) \(error.padded(to: 16)) "
            + completionName.padded(to: 11)
    }

    /// `yes` or `no`.
    var cancelledText: String { cancelled ? "yes" : "no" }

    /// `C0`, `C0 (ended)`, or `-` before the connection exists.
    var connectionText: String { connection.map { $0 + (connectionEnded ? " (ended)" : "") } ?? "-" }

    /// The objects its callbacks reached, joined by commas, or `-`.
    var reachedText: String { reached.isEmpty ? "-" : reached.joined(separator: ", ") }

    /// The headings of the columns before callbacks reached, aligned with ``columnsText``.
    static let columnsHeading =
        "\("operation".padded(to: 10)) \("state".padded(to: 10)) \("cancelled".padded(to: 9)) "
        + "\("connection".padded(to: 11)) \("bytes".padded(to: 6)) \("error".padded(to: 16)) "
        + "completion".padded(to: 11)

    /// The panel's column headings, aligned with ``text``.
    static let heading = columnsHeading + " callbacks reached"

    /// The rows once the run is over: `rows`, folded from the trace, then a row for each of
    /// the `declared` operations the trace never mentions, which never started.
    static func finalRows(_ rows: [OperationPanelRow], declared: [String]) -> [OperationPanelRow] {
        rows + declared.filter { name in !rows.contains { $0.name == name } }.map { OperationPanelRow(name: $0) }
    }

    /// The panel as lines, each after `indent`: the heading and a line per row, or, when a
    /// line would be wider than `width`, each row's callbacks reached on a line of its own
    /// under it, so that the column that answers the interview question stays visible.
    static func panel(_ rows: [OperationPanelRow], indent: String, width: Int = .max) -> [String] {
        let fits = rows.allSatisfy { indent.count + $0.text.count <= width }
        if fits { return [indent + heading] + rows.map { indent + $0.text } }
        return [indent + columnsHeading] + rows.flatMap { [indent + $0.columnsText, indent + "  callbacks reached: " + $0.reachedText] }
    }
}
