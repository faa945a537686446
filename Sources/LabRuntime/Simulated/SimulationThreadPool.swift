import Glibc

/// The pthreads that run simulated lab threads, kept and reused from run to run.
///
/// Starting a pthread for every lab thread of every run costs more than the run itself on
/// small scenarios, so a lab thread whose body returns gives its pthread back here, parked
/// on a condition until the next simulation needs one. A thread retired with
/// `pthread_exit` at the end of a run (one still blocked when nothing could run) is simply
/// gone; the pool starts another when it runs short. Each worker remembers the CPU it is
/// pinned to; idle workers are kept per CPU, and a job gets one already on its CPU when
/// there is one, so parallel simulations on different CPUs do not trade workers.
final class SimulationThreadPool: @unchecked Sendable {
    // @unchecked: `idle`, `idleCount` and every worker's `job` are only touched with `mutex` held.

    /// The process's pool.
    static let shared = SimulationThreadPool()

    /// Idle workers kept at most; more than this exit when their job ends.
    private let maxIdle = 64
    private let mutex: UnsafeMutablePointer<pthread_mutex_t> = .allocate(capacity: 1)
    /// Idle workers by the CPU number they are pinned to.
    private var idle: [[Worker]] = []
    private var idleCount = 0

    private final class Worker {
        let wake: UnsafeMutablePointer<pthread_cond_t> = .allocate(capacity: 1)
        var job: (cpu: Int, body: () -> Void)?
        var cpu = -1

        init() { pthread_cond_init(wake, nil) }

        deinit {
            pthread_cond_destroy(wake)
            wake.deallocate()
        }
    }

    private init() { pthread_mutex_init(mutex, nil) }

    /// Runs `body` on a pooled pthread pinned to CPU number `cpu`.
    func run(onCPU cpu: Int, _ body: @escaping () -> Void) {
        pthread_mutex_lock(mutex)
        if let worker = takeIdle(preferring: cpu) {
            worker.job = (cpu, body)
            pthread_cond_signal(worker.wake)
            pthread_mutex_unlock(mutex)
            return
        }
        pthread_mutex_unlock(mutex)
        let worker = Worker()
        worker.job = (cpu, body)
        PThreadLauncher.launchDetached { self.serve(worker) }
    }

    /// A worker's life: run the job it was given, park, repeat.
    private func serve(_ worker: Worker) {
        while true {
            pthread_mutex_lock(mutex)
            while worker.job == nil { pthread_cond_wait(worker.wake, mutex) }
            let job = worker.job!
            worker.job = nil
            pthread_mutex_unlock(mutex)
            if worker.cpu != job.cpu {
                CPUAffinity.pinCallingThread(toCPUNumbered: job.cpu)
                worker.cpu = job.cpu
            }
            job.body()
            pthread_mutex_lock(mutex)
            guard idleCount < maxIdle else {
                pthread_mutex_unlock(mutex)
                return
            }
            while idle.count <= worker.cpu { idle.append([]) }
            idle[worker.cpu].append(worker)
            idleCount += 1
            pthread_mutex_unlock(mutex)
        }
    }

    /// An idle worker, one pinned to CPU `cpu` if there is one. Mutex held.
    private func takeIdle(preferring cpu: Int) -> Worker? {
        let list = cpu < idle.count && !idle[cpu].isEmpty ? cpu : idle.indices.first { !idle[$0].isEmpty }
        guard let list else { return nil }
        idleCount -= 1
        return idle[list].popLast()
    }
}
