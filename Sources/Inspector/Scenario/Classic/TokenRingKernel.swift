import LabRuntime

extension Scenario {
    /// `token-ring`: `threads` workers pass a token round a ring of semaphores, each adding
    /// 1 to a shared count when it holds it. Each signals its successor *before* writing its
    /// count back, so the successor can read the old count and one addition is lost.
    static func tokenRing(threads: Int) -> Scenario {
        Scenario(name: "token-ring", summary: "\(threads) threads pass a token, each handing it on before it writes") {
            let runtime = currentRuntime()
            let turns = (0..<threads).map { runtime.makeSemaphore(named: "turn-\($0)", value: $0 == 0 ? 1 : 0) }
            let count = LabCell("count", 0)
            let workers = (0..<threads).map { index in
                runtime.spawnThread(named: "worker-\(index)") {
                    turns[index].wait()
                    let seen = count.load()
                    if index + 1 < threads { turns[index + 1].signal() }
                    count.store(seen + 1)
                }
            }
            for worker in workers { worker.join() }
            ScenarioExpectation.check(count.load() == threads, "count == \(threads) (got \(count.load()))")
        }
    }
}
