import LabRuntime

extension Scenario {
    /// `lost-update`: `threads` workers each add 1 to a shared counter by reading it and
    /// writing it back, with no lock. Two reads before either write lose an update.
    static func lostUpdate(threads: Int) -> Scenario {
        Scenario(name: "lost-update", summary: "\(threads) threads increment a counter without a lock (a lost update)") {
            let runtime = currentRuntime()
            let counter = LabCell("counter", 0)
            let workers = (1...threads).map { index in
                runtime.spawnThread(named: "worker-\(index)") { counter.store(counter.load() + 1) }
            }
            for worker in workers { worker.join() }
            ScenarioExpectation.check(counter.load() == threads, "counter == \(threads) (got \(counter.load()))")
        }
    }
}
