import AFReplay
import LabRuntime

/// `notification-balance`: the operation DidStart/DidFinish notifications, counted as the
/// network activity indicator counts them (+1, −1 clamped at 0, in posting order), bring
/// the count back to 0 at quiescence.
///
/// Reads the trace alone: the `notification.post` events. The details give each
/// operation's notifications in order and every DidFinish the clamp swallowed.
public struct NotificationBalanceChecker: Checker {
    public let name = "notification-balance"
    public let summary = "at quiescence, DidStart/DidFinish as the activity indicator counts them return to 0"

    /// The checker.
    public init() {}

    public func check(_ run: SimulationResult) -> [Violation] {
        guard run.outcome == .quiescent else { return [] }
        let count = indicatorCount(after: run.trace)
        guard count != 0 else { return [] }
        return [
            Violation(
                checker: name, kind: .notificationImbalance,
                summary: "the activity indicator ends at \(count), not 0", details: details(of: run.trace))
        ]
    }

    /// The activity indicator's count after the DidStart/DidFinish notifications of `trace`.
    private func indicatorCount(after trace: [TraceEvent]) -> Int {
        var count = 0
        for event in trace {
            guard case let .notificationPosted(name, _) = event.kind else { continue }
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
    private func details(of trace: [TraceEvent]) -> [String] {
        var count = 0
        var posted = FirstSeenLedger<String, [String]>(empty: [])
        var clamped: [String] = []
        for event in trace {
            guard case let .notificationPosted(name, object) = event.kind else { continue }
            let notification = Notification.Name(name)
            switch notification {
            case .operationDidStart:
                count += 1
            case .operationDidFinish:
                if count == 0 { clamped.append("#\(event.sequence) DidFinish of \(object) at count 0 (clamped)") }
                count = max(count - 1, 0)
            default:
                continue
            }
            posted.note(object) { $0.append("\(notification.shortName)#\(event.sequence)") }
        }
        return posted.keys.map { "\($0): " + posted[$0].joined(separator: ", ") } + clamped
    }
}
