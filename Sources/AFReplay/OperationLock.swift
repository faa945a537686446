import LabRuntime
import Synchronization

/// `com.alamofire.networking.operation.lock`: the operation's `NSRecursiveLock`, which can
/// also hold key-value notifications back until it is released (``Fidelity/hardened``,
/// deviation 10).
///
/// It is a recursive lab lock (so lock-order checking, deadlock detection and the trace see
/// it exactly as the runtime's own), plus a nesting depth and an owner. While its owner holds
/// it, ``deferUntilUnlocked(_:)`` queues work instead of running it; the outermost
/// ``unlock()`` releases the lock first and then runs the queued work on the same thread,
/// in order. 2.6.3 never defers, so its observers run under the lock (spec §1.4, §2.4).
final class OperationLock: LabLock {
    private struct Holding {
        var owner: LabThreadID?
        var depth = 0
        var deferred: [@Sendable () -> Void] = []
    }

    private let base: any LabLock
    private let holding = Mutex(Holding())

    /// A new recursive lock named `name`, of lock class `lockClass`, in `runtime`.
    init(named name: String, lockClass: String, runtime: any Runtime) {
        base = runtime.makeLock(named: name, lockClass: lockClass, recursive: true)
    }

    var id: Int { base.id }
    var name: String { base.name }
    var lockClass: String { base.lockClass }
    var isRecursive: Bool { true }

    func lock() {
        base.lock()
        let caller = LabThread.current.id
        holding.withLock { holding in
            holding.owner = caller
            holding.depth += 1
        }
    }

    func unlock() {
        let released = holding.withLock { holding -> [@Sendable () -> Void] in
            holding.depth -= 1
            guard holding.depth == 0 else { return [] }
            holding.owner = nil
            defer { holding.deferred = [] }
            return holding.deferred
        }
        base.unlock()
        for work in released { work() }
    }

    /// Queues `work` to run right after the calling thread's outermost ``unlock()``, if the
    /// calling thread holds the lock; otherwise leaves it to the caller.
    ///
    /// - Returns: whether `work` was queued.
    func deferUntilUnlocked(_ work: @escaping @Sendable () -> Void) -> Bool {
        let caller = LabThread.current.id
        return holding.withLock { holding in
            guard holding.owner == caller else { return false }
            holding.deferred.append(work)
            return true
        }
    }
}
