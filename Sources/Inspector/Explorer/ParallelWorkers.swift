import Glibc
import LabRuntime

/// Runs `jobs` copies of a body at once on plain pthreads (the caller runs copy 0), each
/// pinned to its own CPU where the machine has one, and waits for all of them.
///
/// Simulations block their caller on a condition variable for the whole run, so the
/// explorer's workers are pthreads rather than tasks of Swift's cooperative pool.
enum ParallelWorkers {
    private final class Job: Sendable {
        let worker: Int
        let body: @Sendable (Int) -> Void
        init(worker: Int, body: @escaping @Sendable (Int) -> Void) {
            self.worker = worker
            self.body = body
        }
    }

    /// Calls `body(0)`, …, `body(jobs − 1)` in parallel and returns when all have returned.
    static func run(jobs: Int, _ body: @escaping @Sendable (Int) -> Void) {
        guard jobs > 1 else { return body(0) }
        var handles: [pthread_t] = []
        for worker in 1..<jobs {
            var handle = pthread_t()
            let job = Unmanaged.passRetained(Job(worker: worker, body: body)).toOpaque()
            let status = pthread_create(
                &handle, nil,
                { argument in
                    let job = Unmanaged<Job>.fromOpaque(argument!).takeRetainedValue()
                    CPUAffinity.pinCallingThread(toCPU: job.worker % CPUAffinity.count)
                    job.body(job.worker)
                    return nil
                }, job)
            precondition(status == 0, "pthread_create failed: \(String(cString: strerror(status)))")
            handles.append(handle)
        }
        let previous = CPUAffinity.callingThreadMask
        CPUAffinity.pinCallingThread(toCPU: 0)
        body(0)
        CPUAffinity.restoreCallingThreadMask(previous)
        for handle in handles { pthread_join(handle, nil) }
    }
}
