import LabRuntime

extension Scenario {
    /// `order-violation`: main starts a worker and only then initialises the state the
    /// worker reads; the worker assumes it runs after the initialisation.
    static let orderViolation = Scenario(
        name: "order-violation", summary: "a thread reads state its creator initialises only after starting it"
    ) {
        let runtime = currentRuntime()
        let state = LabCell(optional: "state", nil)
        let worker = runtime.spawnThread(named: "worker") {
            ScenarioExpectation.check(state.load() != nil, "the worker reads initialised state")
        }
        for _ in 0..<3 { runtime.yield("prepare") }
        state.store(1)
        worker.join()
    }
}
