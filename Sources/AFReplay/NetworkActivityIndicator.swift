import LabRuntime

/// The network-activity-indicator consumer: `AFNetworkActivityIndicatorManager` (NAIM.m),
/// reduced to its counting (spec §7).
///
/// It observes the notifications of ``Notification/Name/countedByActivityIndicator``: + 1
/// for an operation's DidStart and a task's DidResume, − 1 for an operation's DidFinish and a
/// task's DidSuspend and DidComplete, clamped at 0, as NAIM's `MAX(_activityCount - 1, 0)`
/// does. The indicator is visible while the count is positive. Because `pause` posts
/// DidFinish and some paths post DidFinish without a DidStart (spec §3.6, §3.7), the count can
/// be lower than the number of operations in flight, or stick above zero when a DidStart
/// arrives after its DidFinish. A task suspended after it completed posts DidSuspend as well
/// (spec §4), so it is counted down twice and the clamp can hide another task still in flight.
/// The ``history`` shows how the count got there.
public final class NetworkActivityIndicator: Sendable {
    private struct State: Sendable {
        var count = 0
        var history: [Int] = []
    }

    private let state: VisibleMutex<State>

    /// Starts observing `center` (the caller's runtime's default center by default).
    public init(center: NotificationCenter = .default()) {
        var initial = State()
        // Room for a few operations' notifications made at once, rather than grown into.
        initial.history.reserveCapacity(8)
        state = VisibleMutex(initial, runtime: center.runtime)
        for counting in Notification.Name.countedByActivityIndicator {
            center.addObserver(for: counting.up, observerName: "NetworkActivityIndicator") { [weak self] _ in self?.change(by: 1) }
            for down in counting.downs {
                center.addObserver(for: down, observerName: "NetworkActivityIndicator") { [weak self] _ in self?.change(by: -1) }
            }
        }
    }

    /// The current activity count (`activityCount`).
    public var count: Int { state.withLock { $0.count } }

    /// Whether the indicator would be shown (`isNetworkActivityIndicatorVisible`).
    public var isVisible: Bool { count > 0 }

    /// The count after every notification, in order.
    public var history: [Int] { state.withLock { $0.history } }

    private func change(by delta: Int) {
        state.withLock { state in
            state.count = Self.count(state.count, changedBy: delta)
            state.history.append(state.count)
        }
    }

    /// `count` after a notification that counts `delta` (+ 1 or − 1), never below 0: NAIM's
    /// `_activityCount++` and `MAX(_activityCount - 1, 0)`.
    public static func count(_ count: Int, changedBy delta: Int) -> Int {
        max(count + delta, 0)
    }
}
