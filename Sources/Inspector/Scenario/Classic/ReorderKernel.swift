import LabRuntime

extension Scenario {
    /// `reorder`: `setters` threads each write `a = 1` then `b = −1`; one checker reads `a`
    /// and `b` and expects either both initial or both set (SCTBench's reorder_N_bad). Only
    /// a checker that runs between one setter's two writes sees them half done, and the more
    /// setters there are, the rarer a random walk puts it there.
    static func reorder(setters: Int) -> Scenario {
        Scenario(name: "reorder", summary: "\(setters) threads write a then b; a checker sees a set and b not") {
            let runtime = currentRuntime()
            let a = LabCell("a", 0)
            let b = LabCell("b", 0)
            var threads = (1...setters).map { index in
                runtime.spawnThread(named: "setter-\(index)") {
                    a.store(1)
                    b.store(-1)
                }
            }
            threads.append(
                runtime.spawnThread(named: "checker") {
                    let (seenA, seenB) = (a.load(), b.load())
                    ScenarioExpectation.check(
                        (seenA == 0 && seenB == 0) || (seenA == 1 && seenB == -1),
                        "a and b are both initial or both set (saw a = \(seenA), b = \(seenB))")
                })
            for thread in threads { thread.join() }
        }
    }
}
