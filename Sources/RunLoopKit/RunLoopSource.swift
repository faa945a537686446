import LabRuntime
import Synchronization

/// A version-0 source: CF's `CFRunLoopSource` with a version-0 context.
///
/// Some thread calls ``signal()``; the loop performs the source on its next pass through
/// the mode (sorted by ``order``, then by first signal). Signalling does **not** wake a
/// sleeping loop: the signaller must call ``RunLoop/wakeUp()`` too, exactly as
/// `CFRunLoopSourceSignal` requires `CFRunLoopWakeUp`. Repeated signals before the perform
/// collapse into one. Unsignalled, the source still keeps its mode alive.
public final class RunLoopSource: Sendable, CustomStringConvertible {
    /// The source's name, for traces.
    public let name: String
    /// Lower orders are performed first.
    public let order: Int
    private let scheduleCallout: (@Sendable (RunLoop, RunLoopMode) -> Void)?
    private let cancelCallout: (@Sendable (RunLoop, RunLoopMode) -> Void)?
    private let performCallout: @Sendable () -> Void

    private struct State {
        var signal: (time: LabInstant, sequence: UInt64)?
        var isValid = true
        var loops: [RunLoop] = []
    }
    /// The signal, validity and loops, which any thread may change (``VisibleMutex``).
    private let state: VisibleMutex<State>
    private static let signalSequence = Atomic<UInt64>(0)
    /// What ``signalSequence`` is to the scheduler: one object for every source, since the
    /// order of two signals decides the order of two performs.
    private static let signalOrder = VisibleObject.state(-1)

    /// A source that runs `perform` when signalled. `schedule` and `cancel` are called
    /// (outside any lock) each time the source is added to or removed from a loop's mode.
    public init(
        name: String? = nil, order: Int = 0,
        schedule: (@Sendable (RunLoop, RunLoopMode) -> Void)? = nil,
        cancel: (@Sendable (RunLoop, RunLoopMode) -> Void)? = nil,
        perform: @escaping @Sendable () -> Void
    ) {
        let runtime = currentRuntime()
        self.name = name ?? "source \(runtime.nextID(.source))"
        state = VisibleMutex(State(), runtime: runtime)
        self.order = order
        scheduleCallout = schedule
        cancelCallout = cancel
        performCallout = perform
    }

    public var description: String { name }

    /// Marks the source ready to perform (`CFRunLoopSourceSignal`). Does not wake any loop.
    public func signal() {
        let runtime = currentRuntime()
        let now = runtime.now()
        Self.signalOrder.noteAccess()
        let sequence = Self.signalSequence.add(1, ordering: .relaxed).newValue
        let changed = state.withLock { state -> Bool in
            guard state.isValid, state.signal == nil else { return false }
            state.signal = (now, sequence)
            return true
        }
        if changed { runtime.record(.sourceSignal(name: name)) }
    }

    /// Whether the source is signalled and not yet performed.
    public var isSignalled: Bool { state.withLock { $0.signal != nil } }

    /// Whether ``invalidate()`` has not been called.
    public var isValid: Bool { state.withLock { $0.isValid } }

    /// Clears the signal and removes the source from every mode of every loop
    /// (`CFRunLoopSourceInvalidate`).
    public func invalidate() {
        let loops = state.withLock { state -> [RunLoop] in
            state.isValid = false
            state.signal = nil
            defer { state.loops = [] }
            return state.loops
        }
        for loop in loops { loop.removeEverywhere(.source0(self)) }
    }

    /// The sort key of a signalled, valid source, clearing nothing.
    var pendingSignal: (order: Int, time: LabInstant, sequence: UInt64)? {
        state.withLock { state in
            guard state.isValid, let signal = state.signal else { return nil }
            return (order, signal.time, signal.sequence)
        }
    }

    /// Clears the signal if still set; true if this call cleared it.
    func takeSignal() -> Bool {
        state.withLock { state in
            guard state.isValid, state.signal != nil else { return false }
            state.signal = nil
            return true
        }
    }

    func perform() { performCallout() }

    func didSchedule(in loop: RunLoop, mode: RunLoopMode) {
        state.withLock { state in
            if !state.loops.contains(where: { $0 === loop }) { state.loops.append(loop) }
        }
        scheduleCallout?(loop, mode)
    }

    func didCancel(in loop: RunLoop, mode: RunLoopMode) { cancelCallout?(loop, mode) }
}
