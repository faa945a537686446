import LabRuntime

extension Scenario {
    /// `lazy-init`: two threads get a shared instance, creating it if it is not there yet:
    /// check-then-act without a lock, so both can see it missing and both create one.
    static let lazyInit = Scenario(
        name: "lazy-init", summary: "two threads create a lazily initialised instance; both may create it"
    ) {
        let runtime = currentRuntime()
        let instance = LabCell(optional: "instance", nil)
        let created = LabCell("created", 0)
        let users = (1...2).map { index in
            runtime.spawnThread(named: "user-\(index)") {
                if instance.load() == nil {
                    created.store(created.load() + 1)
                    instance.store(index)
                }
            }
        }
        for user in users { user.join() }
        ScenarioExpectation.check(created.load() == 1, "the instance is created once (created \(created.load()))")
    }
}
