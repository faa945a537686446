import LabRuntime
import Synchronization

/// `com.alamofire.networking.operation.lock`: the operation's `NSRecursiveLock`, which can
/// also hold key-value notifications back until it is released (``Fidelity/hardened``,
/// deviation 10).
///
/// It is a recursive lab lock (so lock-order checking, deadlock detection and the trace see
/// it exactly as the runtime's own), plus a nesting depth and an owner. While its owner holds
/// it, ``deferIfHeld(_:)`` queues notifications for later; the outermost
/// ``unlock(at:)`` releases the lock first and then delivers the queued ones on the same
/// thread, in order, keeping the queue's storage for the next holding. 2.6.3 never defers, so its observers run under the lock (spec §1.4, §2.4).
final class OperationLock: LabLock {
    private struct Holding {
        var owner: LabThreadID?
        var depth = 0
        var deferred: [HeldKeyValueChange] = []
    }

    private let base: any LabLock
    /// Whether the lock keeps its owner and depth, which deferring needs; 2.6.3 never defers,
    /// so its operations skip that bookkeeping on every lock and unlock.
    private let canDefer: Bool
    /// A plain mutex, invisible to partial-order reduction, because no order of its
    /// accesses matters: only the holder of the base lock writes it, and another thread's look
    /// at the owner finds it is not the owner whatever the holder has done.
    private let holding = Mutex(Holding())

    /// A new recursive lock named `name`, of lock class `lockClass`, in `runtime`; only one
    /// made with `canDefer` can hold notifications back (``deferIfHeld(_:)``).
    init(named name: String, lockClass: String, runtime: any Runtime, canDefer: Bool) {
        base = runtime.makeLock(named: name, lockClass: lockClass, recursive: true)
        self.canDefer = canDefer
    }

    var id: Int { base.id }
    var name: String { base.name }
    var lockClass: String { base.lockClass }
    var isRecursive: Bool { true }

    func lock(at location: CodeLocation) {
        base.lock(at: location)
        guard canDefer else { return }
        let caller = LabThread.currentID
        holding.withLock { holding in
            holding.owner = caller
            holding.depth += 1
        }
    }

    func unlock(at location: CodeLocation) -> Bool {
        guard canDefer else { return base.unlock(at: location) }
        let caller = LabThread.currentID
        var released: [HeldKeyValueChange] = []
        let owned = holding.withLock { holding in
            guard holding.owner == caller else { return false }
            holding.depth -= 1
            if holding.depth == 0 {
                holding.owner = nil
                if !holding.deferred.isEmpty { swap(&released, &holding.deferred) }
            }
            return true
        }
        // A caller that does not hold it: the base lock reports the misuse.
        guard owned else { return base.unlock(at: location) }
        base.unlock(at: location)
        guard !released.isEmpty else { return true }
        for change in released { change.deliver() }
        // Give the emptied storage back, unless another holding has queued meanwhile.
        released.removeAll(keepingCapacity: true)
        holding.withLock { holding in
            if holding.deferred.capacity == 0 { swap(&released, &holding.deferred) }
        }
        return true
    }

    /// If the calling thread holds the lock, queues the notification `makeChange` returns to
    /// be delivered right after its outermost ``unlock(at:)`` and returns true; otherwise
    /// returns false without calling `makeChange` (always, for a lock that cannot defer). One
    /// look at the owner decides and queues.
    func deferIfHeld(_ makeChange: () -> HeldKeyValueChange) -> Bool {
        guard canDefer else { return false }
        let caller = LabThread.currentID
        return holding.withLock { holding in
            guard holding.owner == caller else { return false }
            // A holding queues a few (a will/did pair or two): room for them at once.
            if holding.deferred.capacity == 0 { holding.deferred.reserveCapacity(4) }
            holding.deferred.append(makeChange())
            return true
        }
    }
}
