import LabRuntime

extension Scenario {
    /// `philosophers`: `count` dining philosophers, each taking the fork on the left, then
    /// the one on the right, then counting its meal. If every one holds a left fork, nobody
    /// gets a right one.
    static func diningPhilosophers(count: Int) -> Scenario {
        Scenario(name: "philosophers", summary: "\(count) philosophers take the left fork, then the right one") {
            let runtime = currentRuntime()
            let forks = (0..<count).map { runtime.makeLock(named: "fork-\($0)") }
            let meals = LabAtomic("meals", 0)
            let philosophers = (0..<count).map { index in
                runtime.spawnThread(named: "philosopher-\(index)") {
                    forks[index].withLock {
                        runtime.yield("think")
                        forks[(index + 1) % count].withLock { _ = meals.add(1) }
                    }
                }
            }
            for philosopher in philosophers { philosopher.join() }
        }
    }
}
