import AFReplay
import LabRuntime

/// `notification-balance`: at quiescence, the notifications the network activity indicator
/// counts (an operation's DidStart and a session task's DidResume +1, an operation's DidFinish
/// and a task's DidComplete −1 clamped at 0, in posting order,
/// `Notification.Name.activityCountChange`) bring the count back to 0; and each operation or
/// task, counted on its own and unclamped, posted as many of the one as of the other (one
/// DidStart and two DidFinish is a violation even while the indicator's clamp hides it).
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

    /// One violation per operation or task whose counted-up and counted-down notifications
    /// differ in number, in the order they first posted.
    private func operationImbalances(in run: SimulationResult) -> [Violation] {
        var counts = FirstSeenLedger<String, (up: Int, down: Int, pair: (up: Notification.Name, down: Notification.Name)?)>(
            empty: (0, 0, nil))
        for position in run.operationEventPositions {
            guard case let .notificationPosted(name, object) = run.trace[position].kind else { continue }
            let notification = Notification.Name(name)
            guard let pair = notification.activityCountPair else { continue }
            counts.note(object) { count in
                count.pair = pair
                if notification == pair.up { count.up += 1 } else { count.down += 1 }
            }
        }
        return counts.entries.compactMap { object, count in
            guard count.up != count.down, let pair = count.pair else { return nil }
            return Violation(
                checker: name, kind: .notificationImbalance,
                summary: "\(object) posted \(pair.up.shortName) \(count.up.counted("time")) and "
                    + "\(pair.down.shortName) \(count.down.counted("time"))",
                details: details(of: run).filter { $0.hasPrefix("\(object): ") })
        }
    }

    /// The activity indicator's count after the notifications of `run` it counts.
    private func indicatorCount(after run: SimulationResult) -> Int {
        var count = 0
        for position in run.operationEventPositions {
            guard case let .notificationPosted(name, _) = run.trace[position].kind,
                let change = Notification.Name(name).activityCountChange
            else { continue }
            count = max(count + change, 0)
        }
        return count
    }

    /// A violation's details: each operation's or task's counted notifications in order,
    /// then every count-down the clamp swallowed.
    private func details(of run: SimulationResult) -> [String] {
        let trace = run.trace
        var count = 0
        var posted = FirstSeenLedger<String, [String]>(empty: [])
        var clamped: [String] = []
        for position in run.operationEventPositions {
            guard case let .notificationPosted(name, object) = trace[position].kind else { continue }
            let notification = Notification.Name(name)
            guard let change = notification.activityCountChange else { continue }
            if change < 0, count == 0 {
                clamped.append("#\(trace[position].sequence) \(notification.shortName) of \(object) at count 0 (clamped)")
            }
            count = max(count + change, 0)
            posted.note(object) { $0.append("\(notification.shortName)#\(trace[position].sequence)") }
        }
        return posted.entries.map { "\($0.key): " + $0.record.joined(separator: ", ") } + clamped
    }
}
