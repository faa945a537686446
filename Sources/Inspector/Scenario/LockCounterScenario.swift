import LabRuntime

extension Scenario {
    /// `counter`: three workers add 1 to a shared counter twice each under one lock, with a
    /// yield between rounds; main joins them and expects 6. Correct under every schedule:
    /// the control for the explorer and the checkers.
    public static let lockCounter = lockCounter(name: "counter", threads: 3, rounds: 2)

    /// `lock-pair`: two workers, three locked increments each; the benchmark's scenario.
    public static let lockPair = lockCounter(name: "lock-pair", threads: 2, rounds: 3)

    /// A counter scenario with `threads` workers doing `rounds` locked increments each.
    public static func lockCounter(name: String, threads: Int, rounds: Int) -> Scenario {
        Scenario(
            name: name,
            summary: "\(threads) threads add to a counter under one lock, \(rounds) times each (always correct)"
        ) {
            let runtime = currentRuntime()
            let lock = runtime.makeLock(named: "counter")
            let total = ScenarioCell(0)
            let workers = (1...threads).map { index in
                runtime.spawnThread(named: "worker-\(index)") {
                    for round in 0..<rounds {
                        lock.withLock { total.update { $0 += 1 } }
                        runtime.yield("round \(round)")
                    }
                }
            }
            for worker in workers { worker.join() }
            ScenarioExpectation.check(total.value == threads * rounds, "total == \(threads * rounds) (got \(total.value))")
        }
    }
}
