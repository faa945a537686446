import AFReplay
import LabRuntime

/// `notification-balance`: at quiescence, the operation DidStart/DidFinish notifications,
/// counted as the network activity indicator counts them (+1, −1 clamped at 0, in posting
/// order), bring the count back to 0; and each operation, counted on its own and unclamped,
/// posted DidFinish as often as DidStart (one DidStart and two DidFinish is a violation even
/// while the indicator's clamp hides it).
///
/// Reads the trace alone: the `notification.post` events. The details give each
/// operation's notifications in order and every DidFinish the clamp swallowed.
public struct NotificationBalanceChecker: Checker {
    public let name = "notification-balance"
    public let summary = "at quiescence, DidStart/DidFinish return to 0, as the indicator counts them and per operation"

    /// The checker.
    public init() {}

    public func check(_ run: SimulationResult) -> [Violation] {
        guard run.outcome == .quiescent else { return [] }
        let count = indicatorCount(after: run)
        let indicator =
            count == 0
            ? []
            : [
                Violation(
                    checker: name, kind: .notificationImbalance,
                    summary: "the activity indicator ends at \(count), not 0", details: details(of: run))
            ]
        return indicator + operationImbalances(in: run)
    }

    /// One violation per operation whose DidStart and DidFinish counts differ, in the order
    /// the operations first posted.
    private func operationImbalances(in run: SimulationResult) -> [Violation] {
        var counts = FirstSeenLedger<String, (starts: Int, finishes: Int)>(empty: (0, 0))
        for position in run.operationEventPositions {
            guard case let .notificationPosted(name, object) = run.trace[position].kind else { continue }
            switch Notification.Name(name) {
            case .operationDidStart: counts.note(object) { $0.starts += 1 }
            case .operationDidFinish: counts.note(object) { $0.finishes += 1 }
            default: continue
            }
        }
        return counts.entries.compactMap { operation, count in
            let (starts, finishes) = count
            guard starts != finishes else { return nil }
            return Violation(
                checker: name, kind: .notificationImbalance,
                summary: "\(operation) posted DidStart \(starts.counted("time")) and DidFinish \(finishes.counted("time"))",
                details: details(of: run).filter { $0.hasPrefix("\(operation): ") })
        }
    }

    /// The activity indicator's count after the DidStart/DidFinish notifications of `run`.
    private func indicatorCount(after run: SimulationResult) -> Int {
        var count = 0
        for position in run.operationEventPositions {
            guard case let .notificationPosted(name, _) = run.trace[position].kind else { continue }
            switch Notification.Name(name) {
            case .operationDidStart: count += 1
            case .operationDidFinish: count = max(count - 1, 0)
            default: continue
            }
        }
        return count
    }

    /// A violation's details: each operation's DidStart/DidFinish notifications in order,
    /// then every DidFinish the clamp swallowed.
    private func details(of run: SimulationResult) -> [String] {
        let trace = run.trace
        var count = 0
        var posted = FirstSeenLedger<String, [String]>(empty: [])
        var clamped: [String] = []
        for position in run.operationEventPositions {
            guard case let .notificationPosted(name, object) = trace[position].kind else { continue }
            let notification = Notification.Name(name)
            switch notification {
            case .operationDidStart:
                count += 1
            case .operationDidFinish:
                if count == 0 { clamped.append("#\(trace[position].sequence) DidFinish of \(object) at count 0 (clamped)") }
                count = max(count - 1, 0)
            default:
                continue
            }
            posted.note(object) { $0.append("\(notification.shortName)#\(trace[position].sequence)") }
        }
        return posted.entries.map { "\($0.key): " + $0.record.joined(separator: ", ") } + clamped
    }
}
