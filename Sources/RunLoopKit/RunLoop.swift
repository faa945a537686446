import LabRuntime
import Synchronization

/// A run loop with CFRunLoop's semantics: `CFRunLoop`, Foundation's `RunLoop`.
///
/// There is one loop per lab thread, created lazily the first time anyone asks for it
/// (``current``, ``of(_:)``). It owns named modes (created on first use, never destroyed),
/// each with version-0 sources, port sources, timers and observers; a set of modes tagged
/// common; a FIFO of performed blocks; and a wake port. Only its own thread may run it
/// (``run(mode:before:returnAfterSourceHandled:)``); any thread may add and remove items,
/// perform blocks, wake it and stop it. Every step is recorded in the runtime's trace.
///
/// The loop works unchanged on the live runtime and under a `Simulation`.
public final class RunLoop: Sendable, CustomStringConvertible {
    /// The thread that owns and runs the loop.
    public let thread: LabThread
    let runtime: any Runtime
    /// The runtime's trace, held directly so the hot paths check `isEnabled` without going
    /// through the existential.
    let trace: TraceRecorder
    /// Whether the loop runs on the live runtime, whose scheduling points are none.
    let isLive: Bool
    /// The loop's wake port (CF's `_wakeUpPort`, an eventfd on Linux).
    let wakePort: EventFDPort
    /// The modes, the activations and the flags other threads set (a stop); with ``inbox``,
    /// one object for the scheduler (``VisibleMutex``), which every wake-up names.
    let state: VisibleMutex<LoopState>
    /// Queued blocks and the wake-up flag; taken after `state` when both are needed.
    let inbox: VisibleMutex<Inbox>
    /// Whether the wake port has been written and not yet drained: further wake-ups add
    /// nothing (the eventfd would coalesce them), so they skip the `write` (NIO's
    /// `_pendingTaskPop` dedupe). Cleared after the loop wakes on the port.
    let wakePending = Atomic<Bool>(false)
    /// Live, whether the loop's thread is in its port set's wait or about to enter it: a
    /// wake-up writes the wake port only then. A wake-up sent while the loop is busy sets
    /// ``wakePending`` alone, and the loop's next wait finds it there and does not block
    /// (``RunLoop/waitForPort(_:until:)``), so a busy loop costs its producers no `write`.
    let blocksOnPorts = Atomic<Bool>(false)
    /// Whether an observer, or a version-0 source, was ever added to the loop: set under
    /// `state`'s lock as one is added, and never cleared. A loop that never had one, as most
    /// do, passes those steps of a pass without taking the lock.
    let hasHadObservers = Atomic<Bool>(false)
    /// See ``hasHadObservers``.
    let hasHadSources0 = Atomic<Bool>(false)

    private init(thread: LabThread) {
        self.thread = thread
        runtime = thread.runtime
        trace = thread.runtime.trace
        isLive = thread.runtime.flavor == .live
        // The name's text is kept by the pthread (`LabName`), since each run makes the same.
        wakePort = EventFDPort(name: LabName("wake port T", thread.id).text, runtime: thread.runtime)
        // A runtime knows its main thread before any of its threads can ask for a loop.
        state = VisibleMutex(LoopState(isMainLoop: thread === thread.runtime.mainThread), runtime: thread.runtime)
        inbox = VisibleMutex(Inbox(), object: state.object, runtime: thread.runtime)
        state.withLock { $0.modes.append(makeMode(.default)) }
    }

    public var description: String { "run loop of \(thread)" }

    /// The calling lab thread's loop (`CFRunLoopGetCurrent`).
    public static var current: RunLoop { of(LabThread.current) }

    /// `thread`'s loop, created on first use (`_CFRunLoopGet0`). It is torn down when the
    /// thread exits: its sources are removed (with their cancel callouts) and its
    /// descriptors closed.
    public static func of(_ thread: LabThread) -> RunLoop {
        unretained(of: thread).takeUnretainedValue()
    }

    /// `thread`'s loop, created on first use, without counting a reference to it: valid for
    /// as long as the caller holds `thread`, since a thread keeps its installed loop while it
    /// lives (only a finished simulation, none of whose threads runs any more, lets go of it).
    static func unretained(of thread: LabThread) -> Unmanaged<RunLoop> {
        if let loop = thread.unretainedRunLoopObject { return Unmanaged<RunLoop>.fromOpaque(loop.toOpaque()) }
        let made = RunLoop(thread: thread)
        let loop = unsafeDowncast(thread.installRunLoop(made), to: RunLoop.self)
        if loop === made { thread.onExit { loop.tearDown() } }
        return Unmanaged.passUnretained(loop)
    }

    /// The loop of the current runtime's main thread (`CFRunLoopGetMain`).
    public static var main: RunLoop? {
        currentRuntime().mainThread.map(of)
    }

    /// Records an event by the calling thread, at the caller's line, if tracing is on; `kind`
    /// is built only then.
    @inline(__always)
    func record(_ kind: @autoclosure () -> TraceEvent.Kind, fileID: StaticString = #fileID, line: UInt = #line) {
        if trace.isEnabled { runtime.record(kind(), at: CodeLocation(fileID: fileID, line: line)) }
    }

    func makeMode(_ mode: RunLoopMode) -> ModeContents {
        let portSet = runtime.makePortSet(
            named: String {
                $0.write(mode.name)
                $0.write(" T")
                $0.write(thread.id)
            })
        let drains = (try? portSet.insertWakePort(wakePort.descriptor)) ?? true
        return ModeContents(mode: mode, portSet: portSet, drainsWakePort: drains)
    }

    // MARK: Teaching accessors

    /// Every mode created so far, in creation order (`CFRunLoopCopyAllModes`).
    public var allModes: [RunLoopMode] { state.withLock { $0.modes.map(\.mode) } }

    /// The modes tagged common, starting with ``RunLoopMode/default``.
    public var commonModes: [RunLoopMode] { state.withLock { $0.commonModes } }

    /// The mode of the innermost run, or `nil` when the loop is not running
    /// (`CFRunLoopCopyCurrentMode`).
    public var currentMode: RunLoopMode? { state.withLock { $0.activations.last?.mode } }

    /// Whether the loop is asleep waiting for a port or a timer (`CFRunLoopIsWaiting`).
    public var isWaiting: Bool { state.withLock { $0.isWaiting } }

    /// How many runs are nested right now.
    public var nestingDepth: Int { state.withLock { $0.activations.count } }

    /// How many performed blocks are queued.
    public var pendingBlockCount: Int { inbox.withLock { $0.blocks.count } }

    /// Whether `mode` has nothing that keeps a run going. Takes both locks (state, inbox).
    func isEmpty(_ mode: RunLoopMode, in state: LoopState) -> Bool {
        let emptiness = state.emptiness(of: mode)
        return inbox.withLock { emptiness.holds(given: $0.blocks) }
    }

    /// The fire date of `mode`'s first timer (`CFRunLoopGetNextTimerFireDate`), the earliest,
    /// since a mode keeps its timers sorted by when they are due (CF's
    /// `__CFRepositionTimerInMode`); `nil` without timers. As CF's, it is that timer's
    /// ``RunLoopTimer/fireDate``, even while the timer fires or when the date is past.
    public func nextTimerFireDate(forMode mode: RunLoopMode) -> LabInstant? {
        state.withLock { state in
            guard let index = state.index(of: mode) else { return nil }
            return state.modes[index].timers.first?.fireDate
        }
    }

    /// The items of `mode`, for panels and tests.
    public func contents(
        of mode: RunLoopMode
    ) -> (sources: [RunLoopSource], ports: [PortSource], timers: [RunLoopTimer], observers: [RunLoopObserver]) {
        state.withLock { state in
            guard let index = state.index(of: mode) else { return ([], [], [], []) }
            let contents = state.modes[index]
            return (contents.sources0, contents.portSources, contents.timers, contents.observers)
        }
    }
}
