import LabRuntime
import Synchronization

/// The caller's side of a cross-thread `waitUntilDone` perform
/// (`performSelector:onThread:withObject:waitUntilDone:YES`): the block it hands the target
/// loop, a semaphore, and whether the block ran or was dropped when that loop was torn down.
///
/// Live, a thread reuses one waiter, with its queued block's details, for every common
/// perform (unlabelled, untraced, default mode), so that a round trip allocates nothing of its
/// own. Any other perform has a waiter of its own, whose semaphore a simulation names in the
/// trace.
final class PerformWaiter: @unchecked Sendable {
    // @unchecked: `pending` is set by the waiting thread before it queues the block and taken
    // by the target loop after it dequeues it (the inbox lock orders the two); the waiting
    // thread sets it again only after its wait has returned.
    private let done: any LabSemaphore
    private let ran = Atomic<Bool>(false)
    private var pending: (@Sendable () -> Void)?
    /// A reused waiter's block details, made with it; `nil` for a waiter of one perform. Their
    /// teardown callback holds the waiter unowned, since the waiter holds them.
    private var reusedDetails: BlockDetails?

    private init(done: any LabSemaphore) {
        self.done = done
    }

    /// The calling thread's waiter for a perform labelled `label` in `modes` (`nil`: the
    /// default mode) under `runtime`: its reused one for a live common perform, else a new one.
    static func forCaller(under runtime: any Runtime, label: String, modes: [RunLoopMode]?) -> PerformWaiter {
        guard runtime.flavor == .live, modes == nil, label == BlockDetails.plainLabel else {
            return PerformWaiter(done: runtime.replySemaphore(named: "waitUntilDone \(label)"))
        }
        return LabThread.callersReply(for: runtime) {
            let reused = PerformWaiter(done: runtime.replySemaphore(named: "waitUntilDone"))
            reused.reusedDetails = BlockDetails(label: BlockDetails.plainLabel, modes: .one(.default)) { [unowned reused] in
                reused.release(ran: false)
            }
            return reused
        }
    }

    /// The block to queue on the target loop: runs `block` and lets the caller go on, or,
    /// dropped at teardown, lets it go on and throw.
    func queuedBlock(running block: consuming @escaping @Sendable () -> Void, label: String, modes: [RunLoopMode]?) -> QueuedBlock {
        pending = block
        guard let reusedDetails else {
            return QueuedBlock(
                label: label, modes: modes ?? RunLoopMode.defaultOnly, body: { self.runPending() },
                abandon: { self.release(ran: false) })
        }
        return QueuedBlock(body: { self.runPending() }, details: reusedDetails)
    }

    /// Runs the caller's block and releases it, then lets the caller go on: what the block
    /// captured is gone by the time `perform` returns.
    private func runPending() {
        if let block = pending.take() { block() }
        release(ran: true)
    }

    /// Forgets the block of a perform whose target took nothing (its loop was already torn
    /// down), without a signal the next wait would take.
    func dropUnqueued() {
        pending = nil
    }

    /// Releases a block dropped at teardown, records whether the block ran, and lets the caller
    /// go on.
    private func release(ran: Bool) {
        pending = nil
        self.ran.store(ran, ordering: .relaxed)
        done.signal()
    }

    /// Blocks until the block has run or been dropped; true if it ran.
    func wait() -> Bool {
        done.wait()
        return ran.load(ordering: .relaxed)
    }
}
