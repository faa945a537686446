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
    /// Everything else that is visible: port waits and signals, socket I/O, the clock
    /// (sleeps), hand-placed `yield`s and other labelled points. Conservatively one
    /// object, so all of them are dependent on each other.
    case shared
}

/// What one thread did between two scheduling points: the objects it touched.
///
/// The transition chosen at scheduling point `step` runs from that point to the thread's
/// next one; it completes the operation the thread was waiting at (acquiring a lock, say)
/// and performs the next visible operation before its next point (releasing it). Plain
/// memory the thread reads and writes without a lab primitive is not listed: partial-order
/// reduction is only as sound as the program's shared state is visible.
public struct Transition: Sendable, Equatable {
    /// The scheduling point where the thread was chosen; -1 for main's first transition.
    public let step: Int
    /// The thread that ran.
    public let thread: LabThreadID
    /// The objects it touched, in order (an object may repeat).
    public let objects: [VisibleObject]
    /// The object the thread waits at when the transition ends (a lock to acquire, a
    /// semaphore to take, a thread to join), which its next transition will touch.
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
