import LabRuntime

extension Scenario {
    /// `reentrant-callback`: main drains posted callbacks while holding its non-recursive
    /// state lock; a callback posted by another thread takes that same lock. When the post
    /// lands before the drain, main takes the lock it holds: recursion on a non-recursive
    /// lock, which the lock-misuse checker names.
    public static let reentrantCallback = Scenario(
        name: "reentrant-callback",
        summary: "a callback that takes the state lock runs while main holds it (lock recursion)"
    ) {
        let runtime = currentRuntime()
        let state = runtime.makeLock(named: "state")
        let queue = runtime.makeLock(named: "callbacks")
        let posted = ScenarioCell<[@Sendable () -> Void]>([])
        let poster = runtime.spawnThread(named: "poster") {
            queue.withLock { posted.update { $0.append { state.withLock {} } } }
        }
        state.withLock {
            let callbacks = queue.withLock {
                posted.update { taken in
                    defer { taken = [] }; return taken
                }
            }
            for callback in callbacks { callback() }
        }
        poster.join()
    }
}
