/// An object whose accesses a simulated run orders: two transitions that touch the same
/// one are dependent (swapping them may change the run), two that touch none in common
/// are independent. What partial-order reduction and partial-order sampling reason about.
public enum VisibleObject: Sendable, Hashable {
    /// A lab lock, by id: acquire and release.
    case lock(Int)
    /// A lab semaphore, by id: signal and wait.
    case semaphore(Int)
    /// A lab thread, by id: its spawn, its start, its exit and every join of it.
    case thread(Int)
    /// A lab cell or atomic, by id: every load, store and read-modify-write of it
    /// (conservatively, two loads are dependent too).
    case cell(Int)
    /// Everything else that is visible: port waits and signals, socket I/O, the clock
    /// (sleeps), hand-placed `yield`s and other labelled points. Conservatively one
    /// object, so all of them are dependent on each other.
    case shared
}

extension VisibleObject {
    /// The object `operation` touches: its lock, semaphore, joined thread or cell, and
    /// ``shared`` for port messages, sleeps, yields and the thread's start.
    public init(touchedBy operation: VisibleOperation) {
        switch (operation.kind, operation.object) {
        case let (.lockAcquire, object?), let (.lockRelease, object?): self = .lock(object.id)
        case let (.semaphoreSignal, object?), let (.semaphoreWait, object?): self = .semaphore(object.id)
        case let (.join, object?): self = .thread(object.id)
        case let (.load, object?), let (.store, object?), let (.readModifyWrite, object?): self = .cell(object.id)
        default: self = .shared
        }
    }
}

/// What one thread did between two scheduling points: the objects it touched.
///
/// The transition chosen at scheduling point `step` runs from that point to the thread's
/// next one: it performs the visible operation that point came before (see
/// ``VisibleOperation``), then runs invisible code up to its next point. Plain memory the
/// thread reads and writes without a lab primitive or a ``LabCell`` is not listed:
/// partial-order reduction is only as sound as the program's shared state is visible.
public struct Transition: Sendable, Equatable {
    /// The scheduling point where the thread was chosen; -1 for main's first transition.
    public let step: Int
    /// The thread that ran.
    public let thread: LabThreadID
    /// The objects it touched, in order (an object may repeat).
    public let objects: [VisibleObject]
    /// The object of the operation the thread's next point comes before (a lock to acquire,
    /// a semaphore to take, a thread to join, a cell to access), which its next transition
    /// will touch first.
    public let pending: VisibleObject?

    /// A transition of `thread`, chosen at `step`, touching `objects`, ending at a point
    /// where the thread waits for `pending`.
    public init(step: Int, thread: LabThreadID, objects: [VisibleObject], pending: VisibleObject? = nil) {
        self.step = step
        self.thread = thread
        self.objects = objects
        self.pending = pending
    }

    /// Whether this and `other` touch a common object.
    public func isDependent(on objects: [VisibleObject]) -> Bool {
        self.objects.contains { objects.contains($0) }
    }
}
