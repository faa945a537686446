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
    public let summary = "at quiescence, the notifications the activity indicator counts return to 0, overall and per operation or task"

    /// The checker.
    public init() {}

    /// What one object posted of the notifications the indicator counts: which kind of
    /// activity it is, and how many of its notifications counted up and, per name, down.
    private struct Postings {
        var counting: Notification.ActivityCounting?
        var ups = 0
        var downs: [Int] = []
    }

    public func check(_ run: SimulationResult) -> [Violation] {
        guard run.outcome == .quiescent else { return [] }
        let (count, postings) = tally(run)
        let indicator =
            count == 0
            ? []
            : [
                Violation(
                    checker: name, kind: .notificationImbalance,
                    summary: "the activity indicator ends at \(count), not 0", details: details(of: run))
            ]
        return indicator + imbalances(postings, in: run)
    }

    /// One pass over the counted notifications of `run`: the indicator's final count, and
    /// what each operation or task posted, in the order they first posted.
    private func tally(_ run: SimulationResult) -> (count: Int, postings: FirstSeenLedger<String, Postings>) {
        var count = 0
        var postings = FirstSeenLedger<String, Postings>(empty: Postings())
        for position in run.operationEventPositions {
            guard case let .notificationPosted(name, object) = run.trace[position].kind else { continue }
            let notification = Notification.Name(name)
            guard let counting = notification.activityCounting else { continue }
            let down = counting.downs.firstIndex(of: notification)
            count = NetworkActivityIndicator.count(count, changedBy: down == nil ? 1 : -1)
            postings.note(object) { posting in
                if posting.counting == nil {
                    posting.counting = counting
                    posting.downs = Array(repeating: 0, count: counting.downs.count)
                }
                if let down { posting.downs[down] += 1 } else { posting.ups += 1 }
            }
        }
        return (count, postings)
    }

    /// One violation per operation or task whose counted-up and counted-down notifications
    /// differ in number, in the order they first posted.
    private func imbalances(_ postings: FirstSeenLedger<String, Postings>, in run: SimulationResult) -> [Violation] {
        postings.entries.compactMap { object, posting in
            guard let counting = posting.counting, posting.ups != posting.downs.reduce(0, +) else { return nil }
            return Violation(
                checker: name, kind: .notificationImbalance,
                summary: "\(object) posted " + Self.phrase(counting, ups: posting.ups, downs: posting.downs),
                details: details(of: run).filter { $0.hasPrefix("\(object): ") })
        }
    }

    /// `DidStart 1 time and DidFinish 2 times`; of several notifications that count down, those
    /// posted at least once (`TaskDidResume 1 time, TaskDidSuspend 1 time and TaskDidComplete 1
    /// time`), or the first when none was.
    private static func phrase(_ counting: Notification.ActivityCounting, ups: Int, downs: [Int]) -> String {
        let posted = zip(counting.downs, downs).filter { $0.1 > 0 }
        let shown = posted.isEmpty ? [(counting.downs[0], 0)] : posted
        let parts = [(counting.up, ups)] + shown
        let phrases = parts.map { "\($0.0.shortName) \($0.1.counted("time"))" }
        return phrases.dropLast().joined(separator: ", ") + " and " + phrases[phrases.count - 1]
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
            count = NetworkActivityIndicator.count(count, changedBy: change)
            posted.note(object) { $0.append("\(notification.shortName)#\(trace[position].sequence)") }
        }
        return posted.entries.map { "\($0.key): " + $0.record.joined(separator: ", ") } + clamped
    }
}
