import LabRuntime

extension Scenario {
    /// `atomicity-violation`: a reader checks that a shared pointer is set and then uses
    /// it, two separate accesses; a writer clears it. Clearing between the check and the use
    /// (MySQL's and Mozilla's classic) dereferences nothing.
    static let atomicityViolation = Scenario(
        name: "atomicity-violation", summary: "check a pointer, then use it, while another thread clears it"
    ) {
        let runtime = currentRuntime()
        let pointer = LabCell(optional: "pointer", 42)
        let reader = runtime.spawnThread(named: "reader") {
            for _ in 0..<3 { runtime.yield("work") }
            if pointer.load() != nil {
                ScenarioExpectation.check(pointer.load() != nil, "the pointer checked as set is still set when used")
            }
        }
        let writer = runtime.spawnThread(named: "writer") {
            for _ in 0..<3 { runtime.yield("work") }
            pointer.store(nil)
        }
        reader.join()
        writer.join()
    }
}
