/// An object whose accesses a simulated run orders: two transitions that touch the same
/// one are dependent (swapping them may change the run), two that touch none in common
/// are independent. What partial-order reduction reasons about.
///
/// Virtual time is no object: no transition writes the clock, which moves only when no
/// thread can run, so two threads that can both run see the same time whichever goes
/// first. What a timed wait returns depends on its ports, which it touches.
public enum VisibleObject: Sendable, Hashable {
    /// A lab lock, by id: acquire and release.
    case lock(Int)
    /// A lab semaphore, by id: signal and wait.
    case semaphore(Int)
    /// A lab thread, by id: its spawn, its start, its exit and every join of it.
    case thread(Int)
    /// A lab cell or atomic, by id: a store or a read-modify-write of it (conservatively,
    /// a compare-exchange that fails too).
    case cell(Int)
    /// A load of a lab cell or atomic, by id: dependent on the cell's writes (``cell(_:)``),
    /// independent of its other loads, since neither changes what the other reads.
    case cellLoad(Int)
    /// The data path of a descriptor, by ``LabFileDescriptor/channel`` number: a port's
    /// send and drain, a socket pair's writes, reads and closes on either end, and every
    /// wait on a port set the descriptor is in (what the wait returns depends on it).
    case channel(Int)
    /// A port set, by id: adding and removing members, and every wait on it.
    case portSet(Int)
    /// State behind a ``VisibleMutex``, by its ``LabObjectKind/sharedState`` number: a run
    /// loop's queue of blocks and its modes (every wake-up, perform and stop from another
    /// thread, and the loop's own look at them), a source's signal, a timer's date.
    case state(Int)
    /// A message operation that names no object: conservatively one object, so all of them
    /// are dependent on each other.
    case shared
}

extension VisibleObject {
    /// Whether an access to this object and one to `other` can change what either sees: the
    /// same object, except two loads of a cell.
    public func conflicts(with other: VisibleObject) -> Bool {
        switch (self, other) {
        case (.cellLoad, .cellLoad): false
        case let (.cellLoad(a), .cell(b)), let (.cell(a), .cellLoad(b)): a == b
        default: self == other
        }
    }

    /// The object a load of this object is an access to: ``cell(_:)`` for ``cellLoad(_:)``,
    /// itself otherwise. Partial-order reduction keeps one history per location.
    public var location: VisibleObject {
        if case let .cellLoad(id) = self { .cell(id) } else { self }
    }

    /// Whether the access only reads its location (a ``cellLoad(_:)``).
    public var isLoad: Bool {
        if case .cellLoad = self { true } else { false }
    }

    /// The object `object` names, if it is one of the kinds the scheduler orders.
    public init?(_ object: LabObjectID) {
        switch object.kind {
        case .lock: self = .lock(object.id)
        case .semaphore: self = .semaphore(object.id)
        case .thread: self = .thread(object.id)
        case .cell: self = .cell(object.id)
        case .channel: self = .channel(object.id)
        case .portSet: self = .portSet(object.id)
        case .sharedState: self = .state(object.id)
        default: return nil
        }
    }

    /// The object `operation` touches: its lock, semaphore, joined thread, cell, channel,
    /// port set or state; ``shared`` for a message operation that names none of these;
    /// `nil` for a start, a spawn, a sleep or a yield, which touch nothing (a spawn touches
    /// the new thread, which the simulation notes itself).
    public init?(touchedBy operation: VisibleOperation) {
        switch operation.kind {
        case .start, .spawn, .sleep, .yield: return nil
        case .send, .receive: self = operation.object.flatMap(VisibleObject.init) ?? .shared
        case .load:
            guard let object = operation.object, object.kind == .cell else { return nil }
            self = .cellLoad(object.id)
        default:
            guard let object = operation.object.flatMap(VisibleObject.init) else { return nil }
            self = object
        }
    }

    /// Notes that the calling lab thread's running transition touches this object
    /// (``Runtime/noteAccess(_:)``); off a lab thread, nothing.
    public func noteAccess() {
        CurrentThreadSlot.withCurrentIfKnown { $0.runtime.noteAccess(self) }
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
    /// The objects the operation the thread's next point comes before will touch first (a
    /// lock to acquire, a semaphore to take, a thread to join, a cell to access, a port set
    /// to wait on with its members' channels): what decides whether the thread can go on.
    /// Empty once the thread has exited.
    public let pending: [VisibleObject]

    /// A transition of `thread`, chosen at `step`, touching `objects`, ending at a point
    /// where the thread waits for `pending`.
    public init(step: Int, thread: LabThreadID, objects: [VisibleObject], pending: [VisibleObject] = []) {
        self.step = step
        self.thread = thread
        self.objects = objects
        self.pending = pending
    }

    /// Whether this transition and one that touched `objects` touch a common object (two
    /// loads of one cell excepted: ``VisibleObject/conflicts(with:)``).
    public func isDependent(on objects: [VisibleObject]) -> Bool {
        self.objects.contains { mine in objects.contains { mine.conflicts(with: $0) } }
    }
}
