/// The scheduler's record of one lab thread: its fiber stack and what it waits for.
/// Every field is guarded by the owning ``Simulation``'s mutex.
/// `@exclusivity(unchecked)`: with the mutex held, one fiber at a time reads and writes
/// them, and no access spans a fiber switch; the dynamic check would cost a thread-local
/// lookup per access.
final class SimulatedThread {
    /// Why a thread cannot run, or `none` when it can. The objects waited on are not
    /// retained (``Unretained``): the waiting thread's frame holds them while it waits.
    enum Blocker {
        case none
        case lock(Unretained<SimulatedLock>)
        case semaphore(Unretained<SimulatedSemaphore>)
        case ports(Unretained<SimulatedPortSet>, deadline: LabInstant?)
        case sleep(until: LabInstant)
        case join(Unretained<SimulatedThread>)
        case exited
    }

    let thread: LabThread
    /// The fiber the thread runs on, from its first turn until the run ends.
    @exclusivity(unchecked) var stack: FiberStack?
    /// Set through ``Simulation/block(_:on:)`` and ``Simulation/unblock(_:)``, which keep
    /// the waiting lists up to date.
    @exclusivity(unchecked) var blocker: Blocker = .none
    /// The thread's place in the ``WaitingThreads`` of its blocker, or -1.
    @exclusivity(unchecked) var waitSlot = -1
    /// The threads waiting for this one to exit.
    @exclusivity(unchecked) var joiners = WaitingThreads()
    /// Whether the thread's wait for the lock in its blocker is already in the trace.
    @exclusivity(unchecked) var lockWaitRecorded = false
    /// The line that asked for the lock in its blocker, where its trace events are recorded.
    @exclusivity(unchecked) var lockCallLocation: CodeLocation?
    /// What the thread does when it is next chosen: the operation its last scheduling
    /// point came before (``VisibleOperation/Kind/start`` until its first point).
    @exclusivity(unchecked) var nextOperation = VisibleOperation(.start)
    /// The body, until the thread is first chosen and runs it on its fiber.
    @exclusivity(unchecked) var unstartedBody: (@Sendable () -> Void)?

    init(thread: LabThread, body: @escaping @Sendable () -> Void) {
        self.thread = thread
        unstartedBody = body
    }

    var id: LabThreadID { thread.id }

    var hasExited: Bool {
        if case .exited = blocker { true } else { false }
    }

    /// Whether the thread waits for a lock, a semaphore or a thread to exit: what another
    /// thread must do, rather than time or a descriptor.
    var waitsOnAnotherThread: Bool {
        switch blocker {
        case .lock, .semaphore, .join: true
        case .none, .ports, .sleep, .exited: false
        }
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
