import AFReplay
import LabRuntime

/// A table the HTML player shows beside the timeline for the current step (the demo's
/// threads and operations panels), recorded once per position of the trace.
///
/// Its rows come from the caller, who folds the trace; the panel only stores what changed
/// from one position to the next, so that a long trace makes a page of sane size and the
/// page's script replays the changes rather than folding anything itself.
public struct PlayerPanel: Sendable {
    /// One row: a stable key (`T2` for a thread, so the player can mark the current
    /// thread's row), and its cells, one per column.
    public struct Row: Sendable, Equatable {
        /// What identifies the row from one position to the next.
        public let key: String
        /// The row's cells, in column order.
        public let cells: [String]

        /// A row keyed `key` with `cells`.
        public init(key: String, cells: [String]) {
            self.key = key
            self.cells = cells
        }
    }

    /// The panel's heading, e.g. `Threads`.
    public let title: String
    /// The column headings.
    public let columns: [String]
    /// One JSON change record per position recorded: `0` when nothing changed, else the new
    /// key order (or `null` when it is unchanged) and the rows whose cells changed.
    private var changes: [String] = []
    /// The rows at the latest position recorded.
    private var last: [Row] = []

    /// An empty panel titled `title` with `columns`.
    public init(title: String, columns: [String]) {
        self.title = title
        self.columns = columns
    }

    /// Records the panel's rows at the next position (the first call is position 0, before
    /// any event).
    public mutating func record(_ rows: [Row]) {
        defer { last = rows }
        if rows == last, !changes.isEmpty {
            changes.append("0")
            return
        }
        let keys = rows.map(\.key)
        let sameOrder = keys == last.map(\.key)
        let order = sameOrder ? "null" : "[" + keys.map(Self.quoted).joined(separator: ",") + "]"
        let changed: [Row]
        if sameOrder {
            changed = zip(rows, last).filter { $0 != $1 }.map(\.0)
        } else {
            let previous = Dictionary(last.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
            changed = rows.filter { previous[$0.key] != $0 }
        }
        let cells = changed.map { row in "[" + ([row.key] + row.cells).map(Self.quoted).joined(separator: ",") + "]" }
        changes.append("[\(order),[\(cells.joined(separator: ","))]]")
    }

    /// The panel with only the changes at `positions`: a node's share of a run, which the
    /// challenge page joins along the learner's path.
    public func sliced(_ positions: Range<Int>) -> PlayerPanel {
        var panel = PlayerPanel(title: title, columns: columns)
        panel.changes = Array(changes[positions])
        return panel
    }

    /// The change records, each JSON.
    var changeRecords: [String] { changes }

    /// How many positions are recorded.
    public var positions: Int { changes.count }

    /// The panel as a JSON object: `title`, `columns` and `changes`.
    var json: String {
        #"{"title":\#(Self.quoted(title)),"columns":[\#(columns.map(Self.quoted).joined(separator: ","))],"changes":[\#(changes.joined(separator: ","))]}"#
    }

    /// `text` as a JSON string literal.
    static func quoted(_ text: String) -> String { JSONValue.string(text).description }
}
