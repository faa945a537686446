import LabRuntime

/// `callback-ledger`: every `connection.callback` reaches exactly one live operation, the
/// delegate named by its connection's `connection.create`, and none arrives after that
/// operation's accepted transition to `finished`.
///
/// Reads the trace alone: `connection.create` names each connection's delegate,
/// `operation.state` says when an operation finished. A callback on a connection the trace
/// never created is reported too.
public struct CallbackLedgerChecker: Checker {
    public let name = "callback-ledger"
    public let summary = "each connection callback reaches its connection's delegate, never after it finished"

    /// The checker.
    public init() {}

    public func check(_ run: SimulationResult) -> [Violation] {
        var delegates: [Int: String] = [:]
        var finishedAt: [String: Int] = [:]
        var violations: [Violation] = []
        for event in run.trace {
            switch event.kind {
            case let .connectionCreated(connection, _, delegate):
                delegates[connection] = delegate
            case let .operationState(operation, _, "finished", true):
                finishedAt[operation] = finishedAt[operation] ?? event.sequence
            case let .delegateCallback(connection, callback, delegate):
                guard let owner = delegates[connection] else {
                    violations.append(stray(event, "C\(connection) \(callback) reached \(delegate), but C\(connection) was never created"))
                    continue
                }
                if owner != delegate {
                    violations.append(stray(event, "C\(connection) \(callback) reached \(delegate), not its delegate \(owner)"))
                } else if let finished = finishedAt[owner] {
                    violations.append(stray(event, "C\(connection) \(callback) reached \(owner) after it finished (#\(finished))"))
                }
            default:
                continue
            }
        }
        return violations
    }

    private func stray(_ event: TraceEvent, _ summary: String) -> Violation {
        Violation(
            checker: name, kind: .strayCallback, summary: summary,
            details: ["at #\(event.sequence) on T\(event.thread) \(event.threadName)"])
    }
}
