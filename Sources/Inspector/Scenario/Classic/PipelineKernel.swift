import LabRuntime

extension Scenario {
    /// `pipeline`: a two-stage pipeline of `threads` threads: half produce one item each into
    /// a locked queue and signal it, half take one each and count it in a shared tally with
    /// an unlocked read-then-write, which two finishing consumers can interleave.
    static func pipeline(threads: Int) -> Scenario {
        Scenario(
            name: "pipeline", summary: "\(threads / 2) producers and \(threads / 2) consumers; the consumers' tally loses counts",
            stepLimit: 200_000
        ) {
            let runtime = currentRuntime()
            let stages = threads / 2
            let lock = runtime.makeLock(named: "queue")
            let available = runtime.makeSemaphore(named: "available", value: 0)
            let queue = LabCell("queue", 0)
            let tally = LabCell("tally", 0)
            var workers = (1...stages).map { index in
                runtime.spawnThread(named: "produce-\(index)") {
                    lock.withLock { queue.update { $0 += 1 } }
                    available.signal()
                }
            }
            workers += (1...stages).map { index in
                runtime.spawnThread(named: "consume-\(index)") {
                    available.wait()
                    lock.withLock { queue.update { $0 -= 1 } }
                    tally.store(tally.load() + 1)
                }
            }
            for worker in workers { worker.join() }
            ScenarioExpectation.check(tally.load() == stages, "tally == \(stages) (got \(tally.load()))")
        }
    }
}
