import AFReplay
import LabRuntime

/// `notification-balance`: at quiescence, the notifications the network activity indicator
/// counts (an operation's DidStart and a session task's DidResume +1, an operation's DidFinish
/// and a task's DidSuspend and DidComplete −1 clamped at 0, in posting order,
/// `Notification.Name.activityCountChange`) bring the count back to 0; and each operation or
/// task, counted on its own and unclamped, posted as many that count up as count down (one
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
        var postings = FirstSeenLedger<String, (counting: Notification.ActivityCounting?, ups: Int, downs: [Int])>(
            empty: (nil, 0, []))
        for position in run.operationEventPositions {
            guard case let .notificationPosted(name, object) = run.trace[position].kind else { continue }
            let notification = Notification.Name(name)
            guard let counting = notification.activityCounting else { continue }
            postings.note(object) { posting in
                if posting.counting == nil {
                    posting.counting = counting
                    posting.downs = Array(repeating: 0, count: counting.downs.count)
                }
                if let down = counting.downs.firstIndex(of: notification) {
                    posting.downs[down] += 1
                } else {
                    posting.ups += 1
                }
            }
        }
        return postings.entries.compactMap { object, posting in
            guard let counting = posting.counting, posting.ups != posting.downs.reduce(0, +) else { return nil }
            return Violation(
                checker: name, kind: .notificationImbalance,
                summary: "\(object) posted " + Self.tally(counting, ups: posting.ups, downs: posting.downs),
                details: details(of: run).filter { $0.hasPrefix("\(object): ") })
        }
    }

    /// `DidStart 1 time and DidFinish 2 times`; of several notifications that count down, those
    /// posted at least once (`TaskDidResume 1 time, TaskDidSuspend 1 time and TaskDidComplete 1
    /// time`), or the first when none was.
    private static func tally(_ counting: Notification.ActivityCounting, ups: Int, downs: [Int]) -> String {
        let posted = zip(counting.downs, downs).filter { $0.1 > 0 }
        let shown = posted.isEmpty ? [(counting.downs[0], 0)] : posted
        let parts = [(counting.up, ups)] + shown
        let phrases = parts.map { "\($0.0.shortName) \($0.1.counted("time"))" }
        return phrases.dropLast().joined(separator: ", ") + " and " + phrases[phrases.count - 1]
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
