import LabRuntime

extension Scenario {
    /// `spin-wait`: main spins on a flag with `yield` until a setter thread sets it. A
    /// schedule that never preempts main never runs the setter, and the run ends on the step
    /// budget: what the livelock checker reports.
    public static let spinWait = Scenario(
        name: "spin-wait",
        summary: "main spins with yield until another thread sets a flag (livelock when never preempted)",
        stepLimit: 2_000
    ) {
        let runtime = currentRuntime()
        let flag = ScenarioCell(false)
        let setter = runtime.spawnThread(named: "setter") { flag.update { $0 = true } }
        while !flag.value { runtime.yield("spin") }
        setter.join()
    }
}
