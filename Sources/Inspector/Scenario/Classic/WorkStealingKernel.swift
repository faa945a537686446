import LabRuntime

extension Scenario {
    /// `work-stealing`: a Chase–Lev-style deque of two tasks: the owner pops from the bottom,
    /// a thief steals from the top. Taking the last task needs a compare-and-swap on `top`
    /// that both sides race for; here both take it with plain reads and writes, so the owner
    /// and the thief can run the same task.
    static let workStealing = Scenario(
        name: "work-stealing", summary: "an owner pops and a thief steals the last task of a deque without a CAS"
    ) {
        let runtime = currentRuntime()
        let top = LabCell("top", 0)
        let bottom = LabCell("bottom", 2)
        let runs = ScenarioCell([0, 0])
        let owner = runtime.spawnThread(named: "owner") {
            for _ in 0..<2 {
                let b = bottom.load() - 1
                bottom.store(b)
                let t = top.load()
                if t <= b {
                    runs.update { $0[b] += 1 }
                    if t == b { top.store(t + 1); bottom.store(t + 1) }
                } else {
                    bottom.store(t)
                }
            }
        }
        let thief = runtime.spawnThread(named: "thief") {
            let t = top.load()
            let b = bottom.load()
            if t < b {
                runs.update { $0[t] += 1 }
                top.store(t + 1)
            }
        }
        owner.join()
        thief.join()
        ScenarioExpectation.check(runs.value.allSatisfy { $0 <= 1 }, "no task runs twice (runs \(runs.value))")
    }
}
