import LabRuntime

extension Scenario {
    /// `abba`: thread "ab" takes locks A then B, thread "ba" takes B then A. Every run shows
    /// the inversion to the lock-order checker; only a schedule that preempts "ab" between
    /// its two acquisitions deadlocks.
    public static let abba = Scenario(
        name: "abba",
        summary: "two threads take locks A and B in opposite orders (the AB/BA deadlock)"
    ) {
        let runtime = currentRuntime()
        let a = runtime.makeLock(named: "A")
        let b = runtime.makeLock(named: "B")
        let first = runtime.spawnThread(named: "ab") { a.withLock { b.withLock {} } }
        let second = runtime.spawnThread(named: "ba") { b.withLock { a.withLock {} } }
        first.join()
        second.join()
    }
}
