import LabRuntime
import Synchronization

/// An observer of run-loop activities: CF's `CFRunLoopObserver`.
///
/// Observers are called in ascending ``order`` (equal orders keep insertion order), only
/// for the activities they asked for, never re-entrantly, and a non-repeating observer is
/// invalidated after its first call. Observers do not keep a mode alive.
public final class RunLoopObserver: Sendable, CustomStringConvertible {
    /// The observer's name, for traces.
    public let name: String
    /// The activities it is called for.
    public let activities: RunLoopActivity
    /// Whether it stays after its first call.
    public let repeats: Bool
    /// Lower orders are called first.
    public let order: Int
    private let callout: @Sendable (RunLoopObserver, RunLoopActivity) -> Void

    private struct State {
        var isValid = true
        var isFiring = false
        var loop: RunLoop?
    }
    /// Whether it is valid, and its loop, which any thread may change (``VisibleMutex``).
    private let state: VisibleMutex<State>

    /// An observer of `activities` that calls `callback` with itself and the activity.
    public init(
        activities: RunLoopActivity, repeats: Bool = true, order: Int = 0, name: String? = nil,
        callback: @escaping @Sendable (RunLoopObserver, RunLoopActivity) -> Void
    ) {
        let runtime = currentRuntime()
        self.name = name ?? "observer \(runtime.nextID(.observer))"
        state = VisibleMutex(State(), runtime: runtime)
        self.activities = activities
        self.repeats = repeats
        self.order = order
        callout = callback
    }

    public var description: String { name }

    /// Whether the observer can still be called.
    public var isValid: Bool { state.withLock { $0.isValid } }

    /// Removes the observer from its loop for good.
    public func invalidate() {
        let loop = state.withLock { state -> RunLoop? in
            state.isValid = false
            return state.loop
        }
        loop?.removeEverywhere(.observer(self))
    }

    func claim(for loop: RunLoop) -> Bool {
        state.withLock { state in
            if state.loop == nil { state.loop = loop }
            return state.loop === loop && state.isValid
        }
    }

    /// Calls the observer for `activity` unless it is invalid or already firing.
    func notify(_ activity: RunLoopActivity, mode: RunLoopMode, runtime: any Runtime) {
        let go = state.withLock { state -> Bool in
            guard state.isValid, !state.isFiring else { return false }
            state.isFiring = true
            return true
        }
        guard go else { return }
        runtime.record(.observer(name: name, activity: activity.description, mode: mode.name))
        callout(self, activity)
        state.withLock { $0.isFiring = false }
        if !repeats { invalidate() }
    }
}
