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
    /// A reused waiter's block details, made on its first perform. Its teardown callback holds
    /// the waiter unowned, since the waiter holds it.
    private var reusedDetails: BlockDetails?
    private let isReused: Bool

    private init(done: any LabSemaphore, isReused: Bool) {
        self.done = done
        self.isReused = isReused
    }

    /// The calling thread's waiter for a perform labelled `label` in `modes` (`nil`: the
    /// default mode) under `runtime`: its reused one for a live common perform, else a new one.
    static func forCaller(under runtime: any Runtime, label: String, modes: [RunLoopMode]?) -> PerformWaiter {
        guard runtime.flavor == .live, modes == nil, label == BlockDetails.plainLabel else {
            return PerformWaiter(done: runtime.replySemaphore(named: "waitUntilDone \(label)"), isReused: false)
        }
        return LabThread.callersReply(for: runtime) {
            PerformWaiter(done: runtime.replySemaphore(named: "waitUntilDone"), isReused: true)
        }
    }

    /// The block to queue on the target loop: runs `block` and lets the caller go on, or,
    /// dropped at teardown, lets it go on and throw.
    func queuedBlock(running block: consuming @escaping @Sendable () -> Void, label: String, modes: [RunLoopMode]?) -> QueuedBlock {
        pending = block
        let details: BlockDetails
        if isReused {
            details = reusedDetails ?? makeReusedDetails()
        } else {
            let blockModes = modes.map(BlockModes.init) ?? .one(.default)
            details = BlockDetails(label: label, modes: blockModes, abandon: { self.release(ran: false) })
        }
        return QueuedBlock(body: { self.runPending() }, details: details)
    }

    private func makeReusedDetails() -> BlockDetails {
        let made = BlockDetails(label: BlockDetails.plainLabel, modes: .one(.default)) { [unowned self] in release(ran: false) }
        reusedDetails = made
        return made
    }

    /// Runs the caller's block, then lets the caller go on; the block is released after that,
    /// as it was when it lived in the queued block, so that what it captures goes away after
    /// the signal.
    private func runPending() {
        let block = pending.take()
        block?()
        release(ran: true)
        withExtendedLifetime(block) {}
    }

    /// Forgets the block of a perform whose target took nothing (its loop was already torn
    /// down), without a signal the next wait would take.
    func dropUnqueued() {
        pending = nil
    }

    /// Records whether the block ran and lets the caller go on; a block dropped at teardown is
    /// released after the signal.
    private func release(ran: Bool) {
        let dropped = pending.take()
        self.ran.store(ran, ordering: .relaxed)
        done.signal()
        withExtendedLifetime(dropped) {}
    }

    /// Blocks until the block has run or been dropped; true if it ran.
    func wait() -> Bool {
        done.wait()
        return ran.load(ordering: .relaxed)
    }
}
