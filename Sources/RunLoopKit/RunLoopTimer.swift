import LabRuntime
import Synchronization

/// A timer: CF's `CFRunLoopTimer`, Foundation's `Timer`.
///
/// It fires only while its loop runs a mode that contains it. A repeating timer that
/// missed fires (its loop was busy or in another mode) fires once, late, and then keeps
/// its original phase: the next fire date is the first `fireDate + k·interval` after now.
/// A one-shot timer is invalidated after it fires. Moving ``fireDate`` later from inside
/// the callout is honoured. A timer belongs to the first loop it is added to.
///
/// A fire date already in the past, given when the timer is made or set later, is scheduled
/// as "now" (CF's `CFRunLoopTimerCreate` and `CFRunLoopTimerSetNextFireDate` do the same):
/// the timer is due at once, and a repeating one keeps the phase of that moment, not of the
/// past date. ``fireDate`` still reports the date given until the timer fires. As CF's,
/// fire dates are clamped to `LabInstant.distantFuture` (`TIMER_DATE_LIMIT`) and intervals
/// to ``intervalLimit`` (`TIMER_INTERVAL_LIMIT`).
public final class RunLoopTimer: Sendable, CustomStringConvertible {
    /// The timer's name, for traces.
    public var name: String { label.text }
    /// The same, as its pieces until its text is read.
    public let label: LabName
    /// The repeat interval; zero for a one-shot timer.
    public let interval: Duration
    /// The longest repeat interval a timer keeps, about 16 years; a longer one is cut to it
    /// (CF's `TIMER_INTERVAL_LIMIT`, 504,911,232 seconds).
    public static let intervalLimit = Duration.seconds(504_911_232)
    /// Ordering among timers due at the same instant (CF keeps it; ties keep insertion order).
    public let order: Int
    private let callout: @Sendable (RunLoopTimer) -> Void

    private struct State {
        /// The date ``fireDate`` reports: the one given, until a fire moves it on.
        var fireDate: LabInstant
        /// When the timer is due (CF's `_fireTSR`): `fireDate`, or the moment it was given
        /// if that was in the past.
        var dueDate: LabInstant
        var isValid = true
        var isFiring = false
        var loop: RunLoop?
    }
    /// Its dates and its loop, which any thread may change (``VisibleMutex``).
    private let state: VisibleMutex<State>

    /// A timer first due at `fireDate`, repeating every `interval` if it is positive.
    public convenience init(
        fireAt fireDate: LabInstant, interval: Duration = .zero, order: Int = 0, name: String? = nil,
        block: @escaping @Sendable (RunLoopTimer) -> Void
    ) {
        self.init(fireAt: fireDate, interval: interval, order: order, label: name.map(LabName.init), block: block)
    }

    /// ``init(fireAt:interval:order:name:block:)`` with a name kept as its pieces until it is
    /// read (`LabName("C", 3, " timeout")`); `nil` names it `"timer <n>"`.
    public init(
        fireAt fireDate: LabInstant, interval: Duration = .zero, order: Int = 0, label: LabName?,
        block: @escaping @Sendable (RunLoopTimer) -> Void
    ) {
        let runtime = currentRuntime()
        let id = runtime.nextID(.timer)
        self.label = label ?? LabName("timer ", id)
        self.interval = min(max(interval, .zero), Self.intervalLimit)
        self.order = order
        callout = block
        let fireDate = min(fireDate, .distantFuture)
        state = VisibleMutex(State(fireDate: fireDate, dueDate: max(fireDate, runtime.now())), runtime: runtime)
    }

    /// A timer first due `delay` from now on the current runtime's clock.
    public convenience init(
        after delay: Duration, repeats: Bool = false, name: String? = nil,
        block: @escaping @Sendable (RunLoopTimer) -> Void
    ) {
        self.init(after: delay, repeats: repeats, label: name.map(LabName.init), block: block)
    }

    /// ``init(after:repeats:name:block:)`` with a name kept as its pieces until it is read.
    public convenience init(
        after delay: Duration, repeats: Bool = false, label: LabName?,
        block: @escaping @Sendable (RunLoopTimer) -> Void
    ) {
        self.init(fireAt: currentRuntime().now() + delay, interval: repeats ? delay : .zero, label: label, block: block)
    }

    public var description: String { name }

    /// Whether the timer repeats.
    public var repeats: Bool { interval > .zero }

    /// When the timer is next due. Setting it re-positions the timer in every mode of its
    /// loop (`CFRunLoopTimerSetNextFireDate`); from another thread it also wakes the loop, as
    /// that function calls `CFRunLoopWakeUp`, so the loop re-computes its sleep. A date in the
    /// past is stored as now, one beyond `LabInstant.distantFuture` as that.
    public var fireDate: LabInstant {
        get { state.withLock { $0.fireDate } }
        set {
            let now = currentRuntime().now()
            let newValue = min(newValue, .distantFuture)
            let loop = state.withLock { state -> RunLoop? in
                state.fireDate = newValue
                state.dueDate = max(newValue, now)
                return state.loop
            }
            guard let loop else { return }
            loop.reposition(self)
            if loop.thread !== LabThread.current { loop.wakeUp() }
        }
    }

    /// Whether the timer can still fire.
    public var isValid: Bool { state.withLock { $0.isValid } }

    /// Stops the timer for good and removes it from its loop.
    public func invalidate() {
        let (loop, wasValid) = state.withLock { state -> (RunLoop?, Bool) in
            defer { state.isValid = false }
            return (state.loop, state.isValid)
        }
        guard let loop else { return }
        loop.removeEverywhere(.timer(self))
        if wasValid { loop.record(.timerInvalidate(name: name)) }
    }

    /// Calls the block now, outside any loop (`-[NSTimer fire]`); a one-shot timer is then
    /// invalidated.
    public func fire() {
        guard isValid else { return }
        callout(self)
        if !repeats { invalidate() }
    }

    /// Claims the timer for `loop`; false if it already belongs to another loop.
    func claim(for loop: RunLoop) -> Bool {
        state.withLock { state in
            if state.loop == nil { state.loop = loop }
            return state.loop === loop && state.isValid
        }
    }

    /// Lets go of `loop` once the timer is in none of its modes (`__CFRunLoopTimerCancel`):
    /// it no longer fires there, and any loop may claim it again.
    func leave(_ loop: RunLoop) {
        state.withLock { state in
            if state.loop === loop { state.loop = nil }
        }
    }

    /// When the timer is due: the order a mode keeps its timers in.
    var dueDate: LabInstant { state.withLock { $0.dueDate } }

    /// The due date if the timer is valid and not firing.
    var armedFireDate: LabInstant? {
        state.withLock { $0.isValid && !$0.isFiring ? $0.dueDate : nil }
    }

    /// Fires the timer if it is still due at `now` and still belongs to `loop` (an earlier
    /// callout of the same batch may have removed it from its last mode); returns whether
    /// it fired (`__CFRunLoopDoTimer`).
    func fireIfDue(now: LabInstant, in loop: RunLoop, mode: RunLoopMode, runtime: any Runtime) -> Bool {
        let scheduled = state.withLock { state -> LabInstant? in
            guard state.isValid, !state.isFiring, state.dueDate <= now, state.loop === loop else { return nil }
            state.isFiring = true
            return state.dueDate
        }
        guard let scheduled else { return false }
        runtime.record(.timerFire(name: name, mode: mode.name))
        callout(self)
        let (finishedOneShot, advancedIn) = state.withLock { state -> (Bool, RunLoop?) in
            state.isFiring = false
            guard interval > .zero else { return (true, nil) }
            // A timer the callout invalidated keeps its dates; a date the callout moved later
            // was re-positioned by the setter: keep it.
            guard state.isValid, state.dueDate <= scheduled else { return (false, nil) }
            state.dueDate = Self.nextFireDate(after: scheduled, interval: interval, now: runtime.now())
            state.fireDate = state.dueDate
            return (false, state.loop)
        }
        if finishedOneShot { invalidate() }
        advancedIn?.reposition(self)
        return true
    }

    /// The first `scheduled + k·interval` (k ≥ 1) strictly after `now`: missed fires
    /// coalesce and the phase is kept. Saturates at `LabInstant.distantFuture`.
    static func nextFireDate(after scheduled: LabInstant, interval: Duration, now: LabInstant) -> LabInstant {
        let step = max(interval.labNanoseconds, 1)
        let missed = max(0, (now.nanoseconds - scheduled.nanoseconds) / step)
        var next = scheduled + .nanoseconds((missed + 1) * step)
        if next <= now { next = next + .nanoseconds(step) }
        return next
    }
}
