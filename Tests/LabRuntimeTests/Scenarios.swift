import LabRuntime
import LabTestSupport
import Synchronization

/// Small lab programs shared by the runtime's tests.
enum Scenarios {
    /// Three threads each add 1 to a shared total `rounds` times under one lock, with a
    /// yield between rounds; main joins them and returns the total through `total`.
    static func threeThreadLock(rounds: Int, total: Shared<Int>) -> @Sendable () -> Void {
        return {
            let runtime = currentRuntime()
            let lock = runtime.makeLock(named: "counter")
            let workers = (1...3).map { index in
                runtime.spawnThread(named: "worker-\(index)") {
                    for round in 0..<rounds {
                        lock.withLock { total.update { $0 += 1 } }
                        runtime.yield("round \(round)")
                    }
                }
            }
            for worker in workers { worker.join() }
        }
    }

    /// Two threads take locks A and B in opposite orders: the AB/BA deadlock, which only
    /// some interleavings reach.
    static let abba: @Sendable () -> Void = {
        let runtime = currentRuntime()
        let a = runtime.makeLock(named: "A")
        let b = runtime.makeLock(named: "B")
        let first = runtime.spawnThread(named: "ab") { a.withLock { b.withLock {} } }
        let second = runtime.spawnThread(named: "ba") { b.withLock { a.withLock {} } }
        first.join()
        second.join()
    }

    /// Three threads, locks, sleeps in virtual time and a semaphore: enough variety that a
    /// trace shows any nondeterminism.
    static let mixed: @Sendable () -> Void = {
        let runtime = currentRuntime()
        let lock = runtime.makeLock(named: "shared", lockClass: "shared lock", recursive: true)
        let done = runtime.makeSemaphore(named: "done", value: 0)
        for index in 1...3 {
            _ = runtime.spawnThread(named: "t\(index)") {
                lock.withLock { lock.withLock { runtime.yield("inner \(index)") } }
                runtime.sleep(until: runtime.now() + .milliseconds(index * 5))
                done.signal()
            }
        }
        for _ in 1...3 { done.wait() }
    }
}
