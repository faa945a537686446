import Inspector
import LabRuntime
import Synchronization

/// Scenarios only the tests need.
enum TestScenarios {
    /// Three workers increment a counter with an unlocked read, a yield and a write: the
    /// lost update, reported by the `expect` checker.
    static let racyCounter = Scenario(name: "racy-counter", summary: "an unlocked read-modify-write") {
        let runtime = currentRuntime()
        let total = Mutex(0)
        let workers = (1...3).map { index in
            runtime.spawnThread(named: "worker-\(index)") {
                let read = total.withLock { $0 }
                runtime.yield("between read and write")
                total.withLock { $0 = read + 1 }
            }
        }
        for worker in workers { worker.join() }
        let final = total.withLock { $0 }
        ScenarioExpectation.check(final == 3, "total == 3 (got \(final))")
    }

    /// Records the events a run-loop program would: a perform hop from main to a worker and
    /// delegate callbacks for two operations, so that exporters have hops and owners to draw.
    static let hops = Scenario(name: "hops", summary: "hand-recorded perform hops and callbacks") {
        let runtime = currentRuntime()
        let queued = runtime.makeSemaphore(named: "queued", value: 0)
        let worker = runtime.spawnThread(named: "network") {
            queued.wait()
            runtime.record(.performRun(label: "start A", mode: "kCFRunLoopDefaultMode"))
            runtime.record(.delegateCallback(connection: 0, callback: "didReceiveResponse", delegate: "operation A"))
            runtime.record(.delegateCallback(connection: 1, callback: "didReceiveData \"x\"", delegate: "operation B"))
            runtime.record(.operationState(operation: "operation A", from: "executing", to: "finished", accepted: true))
        }
        runtime.record(.performEnqueued(label: "start A", target: worker.id, modes: ["kCFRunLoopCommonModes"]))
        queued.signal()
        worker.join()
    }

    /// Main and a worker sleep to different virtual instants, so that a trace's events have
    /// more than one time.
    static let sleepers = Scenario(name: "sleepers", summary: "two threads sleep to 1ms and 2ms") {
        let runtime = currentRuntime()
        let worker = runtime.spawnThread(named: "worker") {
            runtime.sleep(until: .zero + .milliseconds(1))
            runtime.yield("after the first sleep")
        }
        runtime.sleep(until: .zero + .milliseconds(2))
        worker.join()
    }

    /// A worker unlocks the lock main holds, before or after main has taken it: the
    /// lock-misuse checker's unheld unlock, in every schedule.
    static let foreignUnlock = Scenario(name: "foreign-unlock", summary: "a thread unlocks a lock another thread holds") {
        let runtime = currentRuntime()
        let lock = runtime.makeLock(named: "cache")
        let taken = runtime.makeSemaphore(named: "taken", value: 0)
        let intruder = runtime.spawnThread(named: "intruder") {
            taken.wait()
            lock.unlock()
        }
        lock.lock()
        taken.signal()
        intruder.join()
        lock.unlock()
    }
}
