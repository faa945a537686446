/// The scheduler's record of one lab thread: its baton and what it waits for.
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
    let baton = Baton()
    var blocker: Blocker = .none
    /// Whether the thread's wait for the lock in its blocker is already in the trace.
    var lockWaitRecorded = false
    /// The body, until the thread is first chosen and given a pthread to run it on.
    var unstartedBody: (@Sendable () -> Void)?

    init(thread: LabThread, body: @escaping @Sendable () -> Void) {
        self.thread = thread
        unstartedBody = body
    }

    var id: LabThreadID { thread.id }

    var hasExited: Bool {
        if case .exited = blocker { true } else { false }
    }

    /// The object the thread's next transition will touch because it waits for it: a
    /// lock, a semaphore or a thread to join.
    var pendingObject: VisibleObject? {
        switch blocker {
        case let .lock(lock): .lock(lock.id)
        case let .semaphore(semaphore): .semaphore(semaphore.id)
        case let .join(target): .thread(target.id)
        default: nil
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
