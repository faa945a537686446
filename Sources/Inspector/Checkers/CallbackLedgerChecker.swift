import AFReplay
import LabRuntime

/// `callback-ledger`: every `connection.callback` reaches its own connection's side, never
/// another's: the delegate named by its connection's `connection.create`, the delegate a
/// session manager made for that task (`delegate of task 1`), or a receiver that belongs to
/// no connection (the session manager itself, as `URLSession:dataTask:didReceiveResponse:`
/// does); and none arrives after its delegate's accepted transition to `finished`.
///
/// Reads the trace alone: `connection.create` names each connection's delegate,
/// `operation.state` says when an operation finished. A callback on a connection the trace
/// never created is reported too.
public struct CallbackLedgerChecker: Checker {
    public let name = "callback-ledger"
    public let summary = "each connection callback reaches its connection's delegate, never after it finished"

    /// The checker.
    public init() {}

    /// What an event tells the checker.
    private enum Step {
        case connectionCreated(connection: Int, delegate: String)
        /// `operation` finished (an accepted change to Finished).
        case finished(operation: String)
        case callback(connection: Int, callback: String, delegate: String)

        /// The step of an event of `kind`, if it is one. Reading the kind in place here
        /// retains only the values the step keeps, where binding them where the trace is
        /// read would copy every value of the event.
        init?(_ kind: TraceEvent.Kind) {
            switch kind {
            case let .connectionCreated(connection, _, delegate): self = .connectionCreated(connection: connection, delegate: delegate)
            case let .operationState(operation, _, "finished", accepted) where accepted: self = .finished(operation: operation)
            case let .delegateCallback(connection, callback, delegate):
                self = .callback(connection: connection, callback: callback, delegate: delegate)
            default: return nil
            }
        }
    }

    public func check(_ run: SimulationResult) -> [Violation] {
        // A run has a few connections and operations: finding one by comparing costs less
        // than hashing, and an empty list allocates nothing.
        var delegates = ConnectionDelegates()
        var finishedAt: [(operation: String, sequence: Int)] = []
        var violations: [Violation] = []
        for position in run.operationEventPositions {
            switch Step(run.trace[position].kind) {
            case let .connectionCreated(connection, delegate):
                delegates.set(delegate, for: connection)
            case let .finished(operation):
                if !finishedAt.contains(where: { $0.operation == operation }) {
                    finishedAt.append((operation, run.trace[position].sequence))
                }
            case let .callback(connection, callback, delegate):
                guard let owner = delegates.delegate(of: connection) else {
                    violations.append(
                        stray(run.trace[position], "C\(connection) \(callback) reached \(delegate), but C\(connection) was never created"))
                    continue
                }
                if let other = Self.connectionSide(of: delegate, delegates: delegates), other != owner {
                    violations.append(
                        stray(run.trace[position], "C\(connection) \(callback) reached \(delegate), not its delegate \(owner)"))
                } else if let finished = finishedAt.last(where: { $0.operation == owner })?.sequence {
                    violations.append(
                        stray(run.trace[position], "C\(connection) \(callback) reached \(owner) after it finished (#\(finished))"))
                }
            case nil:
                continue
            }
        }
        return violations
    }

    /// The connection delegate that `receiver` stands for: itself if it is one, the task a
    /// session manager's per-task delegate was made for, or `nil` for a receiver that
    /// belongs to no connection.
    private static func connectionSide(of receiver: String, delegates: ConnectionDelegates) -> String? {
        delegates.contains(delegate: receiver)
            ? receiver
            : delegates.first { SessionTaskDelegate.traceName(forTaskNamed: $0) == receiver }
    }

    private func stray(_ event: TraceEvent, _ summary: String) -> Violation {
        Violation(
            checker: name, kind: .strayCallback, summary: summary,
            details: ["at #\(event.sequence) on T\(event.thread) \(event.threadName)"])
    }
}
