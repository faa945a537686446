import NetSim

/// A scenario stream's state at a point of the run: what `expect S.status` and
/// `expect S.written` read.
struct StreamReport: Sendable {
    /// The scenario's name for it.
    let name: String
    /// `streamStatus`.
    let status: StreamStatus
    /// How many bytes it has taken.
    let written: Int

    /// The report of `stream`, called `name` in the scenario, as it is now.
    init(name: String, stream: any LabOutputStream) {
        self.name = name
        status = stream.streamStatus
        switch stream {
        case let buffer as BufferOutputStream: written = buffer.buffer.count
        case let failing as FailingOutputStream: written = failing.bytesTaken.count
        case let file as FileOutputStream: written = file.fileCurrentOffset ?? 0
        default: written = stream.dataWrittenToMemory?.count ?? 0
        }
    }

    /// The status as `expect` names it: `notOpen`, `open`, `closed` or `error`.
    var statusName: String { Self.statusName(status) }

    /// The names of the statuses, in lifecycle order.
    static let statusNames = ["notOpen", "open", "closed", "error"]

    /// The name of `status`.
    static func statusName(_ status: StreamStatus) -> String {
        switch status {
        case .notOpen: "notOpen"
        case .open: "open"
        case .closed: "closed"
        case .error: "error"
        }
    }
}
