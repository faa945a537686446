/// What a lab thread will do next, as seen by the scheduler: the operation that follows a
/// scheduling point.
///
/// ## The contract
///
/// Under a ``Simulation`` every scheduling point comes **before** exactly one visible
/// operation, which the point describes; the thread's step from that point performs the
/// operation, then runs invisible code (anything that touches no other thread's state)
/// up to its next point. So at every decision ``SchedulingDecision/nextOperations`` says,
/// for each runnable thread, what running it would do, and two steps can be compared
/// without running them: ``isDependent(on:)`` is true when their order can matter.
///
/// - Shared memory: a ``LabCell`` or ``LabAtomic`` access is a ``Kind/load``,
///   ``Kind/store`` or ``Kind/readModifyWrite`` of that cell. Two accesses are dependent
///   when they touch the same cell and at least one writes.
/// - Locks and semaphores: every operation on the same lock (or the same semaphore) is
///   dependent on every other.
/// - Messages: port signals and socket writes are ``Kind/send``s on the descriptor's
///   ``LabFileDescriptor/channel``, wake-ups and main-queue signals on the run loop's state
///   (``VisibleMutex``); port-set waits (on the set) and socket reads (on the channel) are
///   ``Kind/receive``s. Two sends to different objects commute; every other pair of message
///   operations is treated as dependent here, since a port-set wait may see any port
///   signalled. Partial-order reduction is finer: it compares the objects each transition
///   touched (``Transition``), a wait's being its set and every member's channel.
/// - ``Kind/start``, ``Kind/spawn``, ``Kind/join``, ``Kind/sleep`` and ``Kind/yield``
///   touch nothing another thread's step can reorder with, so they are independent of
///   everything.
///
/// Lock releases, semaphore signals and spawns have their point before them too, so no
/// step ever ends with a second visible operation.
public struct VisibleOperation: Sendable, Hashable, CustomStringConvertible {
    /// The kind of operation.
    public enum Kind: String, Sendable, Hashable {
        /// A thread's first step, from its creation to its first point.
        case start
        /// A read of a cell.
        case load
        /// A write of a cell.
        case store
        /// A read and a write of a cell as one step: exchange, compare-exchange, update.
        case readModifyWrite
        /// Taking a lock.
        case lockAcquire
        /// Releasing one level of a lock.
        case lockRelease
        /// Signalling a semaphore.
        case semaphoreSignal
        /// Waiting on a semaphore.
        case semaphoreWait
        /// Starting a thread.
        case spawn
        /// Waiting for a thread to exit.
        case join
        /// Signalling a port, waking a loop, writing to a socket or accepting on it.
        case send
        /// Waiting on a port set, reading from a socket.
        case receive
        /// Waiting for virtual time to pass.
        case sleep
        /// An explicit yield, or a retry that changes nothing.
        case yield
    }

    /// What the operation does.
    public let kind: Kind
    /// The object it works on (`nil` for ``Kind/start``, ``Kind/spawn``, ``Kind/sleep`` and
    /// ``Kind/yield``).
    public let object: LabObjectID?

    /// An operation of `kind` on `object`.
    public init(_ kind: Kind, on object: LabObjectID? = nil) {
        self.kind = kind
        self.object = object
    }

    /// A yield: independent of everything.
    public static let yield = VisibleOperation(.yield)

    /// `"store cell 3"`, `"yield"`.
    public var description: String {
        object.map { "\(kind.rawValue) \($0)" } ?? kind.rawValue
    }

    /// Whether the order of this operation and `other`, done by two different threads,
    /// can change what either sees: see the contract on ``VisibleOperation``.
    public func isDependent(on other: VisibleOperation) -> Bool {
        switch (family, other.family) {
        case (.memory, .memory):
            return object == other.object && (kind != .load || other.kind != .load)
        case (.lock, .lock), (.semaphore, .semaphore):
            return object == other.object
        case (.message, .message):
            return !(kind == .send && other.kind == .send && object != other.object)
        default:
            return false
        }
    }

    /// Whether the operation can be dependent on any other: false for ``Kind/start``,
    /// ``Kind/spawn``, ``Kind/join``, ``Kind/sleep`` and ``Kind/yield``, which commute with
    /// everything.
    public var isRacing: Bool { family != .local }

    private enum Family { case memory, lock, semaphore, message, local }

    private var family: Family {
        switch kind {
        case .load, .store, .readModifyWrite: .memory
        case .lockAcquire, .lockRelease: .lock
        case .semaphoreSignal, .semaphoreWait: .semaphore
        case .send, .receive: .message
        case .start, .spawn, .join, .sleep, .yield: .local
        }
    }
}

/// The identity of a lab object within one run: its kind and its creation-order number.
public struct LabObjectID: Sendable, Hashable, CustomStringConvertible {
    /// What sort of object it is.
    public let kind: LabObjectKind
    /// Its number among the objects of that kind (``Runtime/nextID(_:)``).
    public let id: Int

    /// The object numbered `id` among those of `kind`.
    public init(_ kind: LabObjectKind, _ id: Int) {
        self.kind = kind
        self.id = id
    }

    /// `"cell 3"`.
    public var description: String { "\(kind) \(id)" }
}
