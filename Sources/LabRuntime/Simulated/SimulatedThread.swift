import Glibc

/// The scheduler's record of one lab thread: its baton condition and what it waits for.
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
    let baton: UnsafeMutablePointer<pthread_cond_t> = .allocate(capacity: 1)
    var handle: pthread_t?
    var blocker: Blocker = .none

    init(thread: LabThread) {
        self.thread = thread
        pthread_cond_init(baton, nil)
    }

    deinit {
        pthread_cond_destroy(baton)
        baton.deallocate()
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
