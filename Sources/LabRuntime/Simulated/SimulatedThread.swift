/// The scheduler's record of one lab thread: its fiber stack and what it waits for.
/// Every field is guarded by the owning ``Simulation``'s mutex.
final class SimulatedThread {
    /// Why a thread cannot run, or `none` when it can.
    enum Blocker {
        case none
        case lock(SimulatedLock)
        case semaphore(SimulatedSemaphore)
        case ports(SimulatedPortSet, deadline: LabInstant?)
        case sleep(until: LabInstant)
        case join(SimulatedThread)
        case exited
    }

    let thread: LabThread
    /// The fiber the thread runs on, from its first turn until the run ends.
    var stack: FiberStack?
    var blocker: Blocker = .none
    /// Whether the thread's wait for the lock in its blocker is already in the trace.
    var lockWaitRecorded = false
    /// What the thread does when it is next chosen: the operation its last scheduling
    /// point came before (``VisibleOperation/Kind/start`` until its first point).
    var nextOperation = VisibleOperation(.start)
    /// The threads that joined this one and may wait for its exit (some may have stopped
    /// waiting), to look at again when it exits.
    var joiners: [SimulatedThread] = []
    /// The last evaluation of the enabled set that looked at this thread.
    var evaluated = -1
    /// The body, until the thread is first chosen and runs it on its fiber.
    var unstartedBody: (@Sendable () -> Void)?

    init(thread: LabThread, body: @escaping @Sendable () -> Void) {
        self.thread = thread
        unstartedBody = body
    }

    var id: LabThreadID { thread.id }

    var hasExited: Bool {
        if case .exited = blocker { true } else { false }
    }

    /// The deadline that would make this thread runnable, if it waits for one.
    var deadline: LabInstant? {
        switch blocker {
        case let .ports(_, deadline): deadline
        case let .sleep(until): until
        default: nil
        }
    }
}
