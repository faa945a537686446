import RunLoopLabTesting
import Synchronization

/// Whether the job ran: written on the worker, read on main.
final class JobRecord: Sendable {
    private let ran = Mutex(false)

    var hasRun: Bool { ran.withLock { $0 } }

    func markRun() { ran.withLock { $0 = true } }
}

/// Starts a worker that runs its run loop, performs a job on it, and expects the job to
/// run. Without `keepAlive` the worker's loop can find its mode empty and exit before the
/// job arrives.
func startWorkerAndSendJob(keepAlive: Bool) {
    let record = JobRecord()
    let worker = currentRuntime().spawnThread(named: "worker") {
        let loop = RunLoop.current
        if keepAlive { _ = try? loop.add(EventFDPort(name: "keep-alive"), forMode: .default) }
        try? loop.run()
    }
    try? RunLoop.perform(on: worker, label: "job") {
        record.markRun()
        RunLoop.current.stop()
    }
    worker.join()
    Lab.expect(record.hasRun, "the job ran on the worker")
}
