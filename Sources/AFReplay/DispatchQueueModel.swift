import LabRuntime
import RunLoopKit
import Synchronization

/// A GCD queue made of lab threads with run loops: serial (`DISPATCH_QUEUE_SERIAL`, one
/// worker) or concurrent (`DISPATCH_QUEUE_CONCURRENT`, ``width`` workers).
///
/// Each worker is a lab thread named `"<label> #<n>"` whose loop is kept alive by a port in
/// the default mode and never exits. ``async(label:_:)`` hands the block to the
/// lowest-numbered idle worker with a perform and a wake-up (so the trace shows which worker
/// got it); when every worker is busy the block waits in the queue's FIFO backlog, and the
/// first worker to finish takes the oldest waiting block. A serial queue therefore runs its
/// blocks one at a time in FIFO order; a concurrent one starts them in FIFO order on up to
/// ``width`` threads at once. Real GCD grows its thread pool; the lab keeps the width small
/// and fixed so that simulations stay small.
public final class DispatchQueueModel: LabDispatchQueue {
    private struct Item: Sendable {
        let label: String
        let block: @Sendable () -> Void
    }

    private struct Workers: Sendable {
        var idle: [Bool]
        var backlog: [Item] = []
    }

    /// The queue's label, e.g. `"com.alamofire.networking.operation.queue"`.
    public let label: String
    /// How many blocks may run at once: 1 for a serial queue.
    public let width: Int
    /// The worker threads, in order.
    public let threads: [LabThread]
    private let workers: VisibleMutex<Workers>
    /// The runtime's trace: block labels are built only while it is on.
    private let trace: TraceRecorder

    /// A queue of `width` workers (1: serial) under `runtime`; the workers start at once,
    /// each a kept-alive thread (`RunLoop.spawnKeptAlive(named:portName:holdingWakeUpsWhileBusy:in:)`).
    ///
    /// Live, throws `RunLoopError.systemCallFailed` when a worker's loop could not be
    /// set up (no descriptor left, `EMFILE`); the workers already started are then stopped
    /// and joined, and their loops' descriptors closed, so nothing of the queue is left
    /// (GCD's queues and threads need no descriptor, so `dispatch_queue_create` cannot fail
    /// this way: the failure is the lab's, whose workers are run-loop threads). Under a
    /// simulation it does not throw: a failure ends the run with the error.
    public init(label: String, width: Int = 1, runtime: any Runtime = currentRuntime()) throws(RunLoopError) {
        precondition(width >= 1, "a dispatch queue needs at least one worker")
        self.label = label
        self.width = width
        trace = runtime.trace
        workers = VisibleMutex(Workers(idle: Array(repeating: true, count: width)), runtime: runtime)
        var started: [LabThread] = []
        do throws(RunLoopError) {
            for index in 1...width {
                started.append(
                    try RunLoop.spawnKeptAlive(named: "\(label) #\(index)", portName: "\(label) #\(index) keep-alive port", in: runtime))
            }
        } catch {
            started.forEach(DispatchQueueModel.stop)
            throw error
        }
        threads = started
    }

    /// Stops `worker`'s loop from inside it, so that the stop cannot come before the loop
    /// runs, and waits for the thread to exit, which closes its loop's descriptors.
    private static func stop(_ worker: LabThread) {
        try? RunLoop.perform(on: worker, label: "stop \(worker.name)") { RunLoop.current.stop() }
        worker.join()
    }

    /// Queues `block` (`dispatch_async`); `blockLabel` is only built when the trace is on.
    public func async(label blockLabel: @autoclosure () -> String, _ block: @escaping @Sendable () -> Void) {
        let item = Item(label: trace.isEnabled ? blockLabel() : "block", block: block)
        let worker = workers.withLock { workers -> Int? in
            guard let index = workers.idle.firstIndex(of: true) else {
                workers.backlog.append(item)
                return nil
            }
            workers.idle[index] = false
            return index
        }
        if let worker { hand(item, to: worker) }
    }

    /// Runs `block` on the queue and waits for its result (`dispatch_sync`), modelled as
    /// ``async(label:_:)`` plus a wait on a lab semaphore that the block signals. As with
    /// GCD, calling it from the queue's own worker on a serial queue deadlocks (a simulation
    /// reports it).
    public func sync<T: Sendable>(label blockLabel: String, _ block: @escaping @Sendable () -> T) -> T {
        // A plain mutex: the semaphore orders the block's write before the caller's read.
        let result = Mutex<T?>(nil)
        let done = currentRuntime().makeSemaphore(named: "dispatch_sync \(blockLabel)", value: 0)
        async(label: blockLabel) {
            let value = block()
            result.withLock { $0 = value }
            done.signal()
        }
        done.wait()
        guard let value = result.withLock({ $0 }) else { preconditionFailure("dispatch_sync \(blockLabel): no result") }
        return value
    }

    private func hand(_ item: Item, to worker: Int) {
        try? RunLoop.perform(on: threads[worker], label: item.label) {
            item.block()
            self.workerFinished(worker)
        }
    }

    /// The worker takes the oldest waiting block, or becomes idle.
    private func workerFinished(_ worker: Int) {
        let next = workers.withLock { workers -> Item? in
            guard !workers.backlog.isEmpty else {
                workers.idle[worker] = true
                return nil
            }
            return workers.backlog.removeFirst()
        }
        if let next { hand(next, to: worker) }
    }
}
