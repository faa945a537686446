import LabRuntime

/// `operation-liveness`: at quiescence, every operation that has not finished, with its
/// state and the reason nothing will ever advance it. A run is reported when one of them
/// must still finish: it was cancelled (a cancelled operation owes a −999 finish), or it
/// is Executing with nothing left to drive it. Paused and Ready operations that nobody
/// cancelled are listed in the details only: resuming or starting them is the app's call.
///
/// Reads the trace alone: accepted `operation.state` transitions, `operation.cancel`,
/// `connection.create` and `connection.cancel`. An operation started from a thread named
/// `NSOperationQueue …` holds a slot of that queue until it finishes.
public struct OperationLivenessChecker: Checker {
    public let name = "operation-liveness"
    public let summary = "at quiescence, unfinished operations that must finish, with why nothing advances them"

    /// The checker.
    public init() {}

    private struct Record {
        var state = "ready"
        var cancelled = false
        var queueThread: String?
        /// The connection it made last, and whether that connection was cancelled: a
        /// connection's number is made once, so that is all the reason needs.
        var lastConnection: Int?
        var lastConnectionCancelled = false
    }

    /// What an event tells the checker.
    private enum Step {
        /// An accepted change of `operation`'s state; `starts` when it went from Ready to
        /// Executing.
        case state(operation: String, to: String, starts: Bool)
        case cancelled(operation: String)
        case connectionCreated(connection: Int, delegate: String)
        case connectionCancelled(connection: Int)

        /// The step of an event of `kind`, if it is one. Reading the kind in place here
        /// retains only the values the step keeps, where binding them where the trace is
        /// read would copy every value of the event.
        init?(_ kind: TraceEvent.Kind) {
            switch kind {
            case let .operationState(operation, from, to, accepted) where accepted:
                self = .state(operation: operation, to: to, starts: from == "ready" && to == "executing")
            case let .operationCancelled(operation): self = .cancelled(operation: operation)
            case let .connectionCreated(connection, _, delegate): self = .connectionCreated(connection: connection, delegate: delegate)
            case let .connectionCancelled(connection): self = .connectionCancelled(connection: connection)
            default: return nil
            }
        }
    }

    public func check(_ run: SimulationResult) -> [Violation] {
        guard run.outcome == .quiescent else { return [] }
        var records = FirstSeenLedger<String, Record>(empty: Record())
        // A run has a few connections: finding one's owner by comparing costs less than
        // hashing, and an empty list allocates nothing.
        var owners = ConnectionDelegates()
        let trace = run.trace
        for position in run.operationEventPositions {
            switch Step(trace[position].kind) {
            case let .state(operation, to, starts):
                let queueThread =
                    starts && trace[position].threadName.hasPrefix("NSOperationQueue") ? trace[position].threadName : nil
                records.note(operation) { record in
                    record.state = to
                    if let queueThread { record.queueThread = queueThread }
                }
            case let .cancelled(operation):
                records.note(operation) { $0.cancelled = true }
            case let .connectionCreated(connection, delegate):
                owners.set(delegate, for: connection)
                records.note(delegate) { record in
                    record.lastConnection = connection
                    record.lastConnectionCancelled = false
                }
            case let .connectionCancelled(connection):
                if let owner = owners.delegate(of: connection) {
                    records.note(owner) { record in
                        if record.lastConnection == connection { record.lastConnectionCancelled = true }
                    }
                }
            case nil:
                continue
            }
        }
        // An unfinished operation must still finish when it was cancelled or is executing.
        func owes(_ record: Record) -> Bool {
            record.state != "finished" && (record.cancelled || record.state == "executing")
        }
        guard let first = records.entries.first(where: { owes($0.record) })?.key else { return [] }
        let owing = records.entries.count { owes($0.record) }
        let details = records.entries.filter { $0.record.state != "finished" }.map { "\($0.key): " + reason($0.record) }
        return [
            Violation(
                checker: name, kind: .stuckOperation,
                summary: "\(first) never finishes" + (owing > 1 ? " (and \(owing - 1) more)" : ""),
                details: details)
        ]
    }

    private func reason(_ record: Record) -> String {
        let slot = record.queueThread.map { ", holding a slot of \($0)" } ?? ""
        let flag = record.cancelled ? " and cancelled" : ""
        switch record.state {
        case "paused" where record.cancelled:
            return "Paused and cancelled: cancel only sets the flag on a Paused operation, and nothing will resume it" + slot
        case "paused":
            return "Paused: only resume advances it" + slot
        case "executing":
            guard let connection = record.lastConnection else {
                return "Executing\(flag) with no connection: no callback will ever finish it" + slot
            }
            let state = record.lastConnectionCancelled ? "cancelled" : "idle"
            return "Executing\(flag), its connection C\(connection) is \(state): no callback will ever finish it" + slot
        default:
            return "\(record.state.prefix(1).uppercased() + record.state.dropFirst())\(flag), never started: nothing will start it"
        }
    }
}
