import LabRuntime
import Synchronization

/// The main dispatch queue as the main thread's run loop serves it: libdispatch's
/// `_dispatch_main_q` with its run-loop port (`_dispatch_get_main_queue_port_4CF`, an
/// eventfd on Linux), drained by `_dispatch_main_queue_callback_4CF`.
///
/// The port is a built-in version-1 source of the main loop's common modes: it keeps them
/// from being empty, it wakes the sleeping loop, and handling it counts as a handled source
/// (`returnAfterSourceHandled` returns ``RunLoopResult/handledSource``). Queuing a block into
/// an empty queue signals the port; when the loop handles the port it runs the blocks queued
/// at that moment, in FIFO order, and a block queued meanwhile signals the port again for a
/// later pass. A run nested inside a main-queue block does not serve the queue (CF's
/// `__CFTSDKeyIsInGCDMainQ`), so the queue never re-enters itself.
///
/// Get it from the main thread's loop (``RunLoop/mainQueue``). As CF's main queue exists from
/// launch, it keeps the main loop's common modes from being empty from the start, whether or
/// not anyone has asked for it yet: on the main thread a run of the default mode with nothing
/// in it waits until its date, where a run of a mode that is not common is finished at once
/// (spec §2.3 rule 5). The object itself is made the first time it is asked for; a run
/// already going then serves it from its next pass.
public final class MainDispatchQueue: Sendable {
    /// The main thread, which serves the queue.
    public let thread: LabThread
    /// The queue's port (`_dispatch_get_main_queue_port_4CF`).
    let port: EventFDPort
    private let runtime: any Runtime
    private let trace: TraceRecorder
    /// The queued blocks, and the emptied slots of the last batch served, which the next
    /// blocks are queued into (double buffering, as a loop's inbox does); with
    /// ``signalled``, one object for the scheduler (``VisibleMutex``).
    private let blocks: VisibleMutex<Queued>

    /// What ``blocks`` guards.
    private struct Queued: ~Copyable, Sendable {
        var queued = BlockQueue()
        var recycled = BlockQueue()
    }
    /// Whether the port has been signalled and not yet drained: the loop's zero-timeout look
    /// at the port before it sleeps (spec §1.3 step h).
    private let signalled = Atomic<Bool>(false)

    init(thread: LabThread) {
        self.thread = thread
        runtime = thread.runtime
        trace = thread.runtime.trace
        port = EventFDPort(name: "main queue port", runtime: thread.runtime)
        blocks = VisibleMutex(Queued(), runtime: thread.runtime)
    }

    /// Queues `block` on the main queue (`dispatch_async(dispatch_get_main_queue(), …)`),
    /// signalling the port if the queue was empty. `label` names the block in the trace, and
    /// is only built when the trace is on.
    public func async(label: @autoclosure () -> String? = nil, _ block: consuming @escaping @Sendable () -> Void) {
        let name = RunLoop.blockLabel(label, trace: trace, runtime: runtime)
        runtime.schedulingPoint(before: VisibleOperation(.send, on: blocks.object), "signal main queue")
        // Moved into the queue through an optional: the block is neither retained nor released.
        var pending = Optional(QueuedBlock(servedInAnyMode: name, body: block))
        let wasEmpty = blocks.withLock { blocks in
            blocks.queued.append(pending.take()!)
            return blocks.queued.count == 1
        }
        if trace.isEnabled {
            runtime.record(.performEnqueued(label: name, target: thread.id, modes: RunLoopMode.commonOnlyNames))
        }
        guard wasEmpty else { return }
        signalled.store(true, ordering: .releasing)
        if trace.isEnabled { runtime.record(.portSend(name: port.name)) }
        port.post(waking: thread)
    }

    /// How many blocks are queued and not yet taken by the loop.
    public var pendingCount: Int { blocks.withLock { $0.queued.count } }

    /// Whether the port is signalled, seen without waiting.
    var isSignalled: Bool {
        blocks.noteAccess()
        return signalled.load(ordering: .acquiring)
    }

    /// Drains the port, then runs the blocks queued at this moment in `mode`
    /// (`_dispatch_main_queue_callback_4CF`'s snapshot). Only the main loop calls it.
    func serve(in mode: RunLoopMode) {
        _ = port.drain()
        blocks.noteAccess()
        signalled.store(false, ordering: .releasing)
        var batch = blocks.withLock { blocks in
            var taken = BlockQueue()
            swap(&taken, &blocks.queued)
            swap(&blocks.queued, &blocks.recycled)
            return taken
        }
        batch.removeAll { block in
            if trace.isEnabled { runtime.record(.performRun(label: block.label, mode: mode.name)) }
            block.body()
        }
        // Emptied as it ran, then handed back unless the queue already has a spare.
        guard batch.capacity > 0 else { return }
        blocks.withLock { blocks in
            if blocks.recycled.capacity < batch.capacity { swap(&blocks.recycled, &batch) }
        }
    }

    /// Drops the queued blocks and closes the port, when the main thread exits.
    func tearDown() {
        blocks.withLock { $0 = Queued() }
        port.descriptor.close()
    }
}

extension RunLoop {
    /// The main dispatch queue this loop serves (`dispatch_get_main_queue()`), a source of the
    /// loop's common modes from the start and made on first use. Only the runtime's main
    /// thread's loop has one (``RunLoop/main``); asking another loop is a programming error. A
    /// run of the loop already going serves it from its next pass; asked for first on another
    /// thread, it wakes that run, so that a block queued at once is not left waiting for it.
    public var mainQueue: MainDispatchQueue {
        precondition(runtime.mainThread === thread, "only the main thread's loop serves the main queue, not the \(self)")
        let (queue, joinsARun) = state.withLock { state -> (MainDispatchQueue, Bool) in
            if let queue = state.mainQueue { return (queue, false) }
            let queue = MainDispatchQueue(thread: thread)
            state.mainQueue = queue
            return (queue, !state.activations.isEmpty)
        }
        if joinsARun, !thread.isCurrent { wakeUp() }
        return queue
    }
}
