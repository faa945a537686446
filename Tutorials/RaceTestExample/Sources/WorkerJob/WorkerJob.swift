import LabRuntime
import RunLoopKit
import Synchronization

/// Whether the job ran: written on the worker, read on the thread that started it.
final class JobRecord: Sendable {
    private let ran = Mutex(false)

    var hasRun: Bool { ran.withLock { $0 } }

    func markRun() { ran.withLock { $0 = true } }
}

/// Starts a worker thread that runs its run loop, sends it one job with perform-on-thread,
/// waits for the worker to exit, and says whether the job ran.
///
/// The bug: the worker's loop has no source of its own. If the worker gets to `run()`
/// before the job is queued, its mode is empty, so the loop returns at once, the thread
/// exits and the job never runs.
public func sendJobToNewWorker() -> Bool {
    startWorker(keepingAlive: false)
}

/// The fix, as AFNetworking's network thread does it: the worker adds a port to its loop
/// before running it, so the loop waits for the job instead of finding its mode empty.
public func sendJobToNewWorkerKeptAlive() -> Bool {
    startWorker(keepingAlive: true)
}

private func startWorker(keepingAlive: Bool) -> Bool {
    let record = JobRecord()
    let worker = currentRuntime().spawnThread(named: "worker") {
        let loop = RunLoop.current
        if keepingAlive {
            _ = try? loop.add(EventFDPort(name: "keep-alive"), forMode: .default)
        }
        try? loop.run()
    }
    try? RunLoop.perform(on: worker, label: "job") {
        record.markRun()
        RunLoop.current.stop()
    }
    worker.join()
    return record.hasRun
}
