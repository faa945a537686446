import LabRuntime
import Synchronization

/// A scenario's `lock NAME`: a lab lock, and which thread holds it how deep, so that a
/// `release` by a thread that does not hold it is a problem rather than a trap.
final class AppLock: Sendable {
    /// The lock.
    let lock: any LabLock
    private let holder = Mutex<(thread: LabThreadID, depth: Int)?>(nil)

    init(_ lock: any LabLock) { self.lock = lock }

    /// `[lock lock]` on the calling thread: blocks until it holds the lock.
    func acquire() {
        lock.lock()
        let thread = LabThread.current.id
        holder.withLock { holder in
            let depth = holder?.thread == thread ? holder?.depth ?? 0 : 0
            holder = (thread, depth + 1)
        }
    }

    /// `[lock unlock]`, if the calling thread holds the lock; false, changing nothing,
    /// otherwise.
    func release() -> Bool {
        let thread = LabThread.current.id
        let held = holder.withLock { holder -> Bool in
            guard let current = holder, current.thread == thread else { return false }
            holder = current.depth > 1 ? (thread, current.depth - 1) : nil
            return true
        }
        if held { lock.unlock() }
        return held
    }
}
