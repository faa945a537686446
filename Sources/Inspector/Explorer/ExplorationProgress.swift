import Synchronization

/// Watches a running exploration from outside: counts the runs made and the violating ones
/// as they finish, hands the counts to `report` at most once per `interval`, and stops the
/// search between runs once `shouldStop` says so (Ctrl-C) or ``stop()`` is called.
///
/// Reading the wall clock here is safe: it happens between runs, never inside a simulation,
/// and what the search finds does not depend on it (unless it is stopped, which the report
/// says).
public final class ExplorationProgress: Sendable {
    /// The counts handed to `report`.
    public struct Counts: Sendable, Equatable {
        /// Runs made and checked so far.
        public var runs: Int
        /// Those of them that violated a checker.
        public var violations: Int

        /// `runs` runs made, `violations` of them violating.
        public init(runs: Int, violations: Int) {
            self.runs = runs
            self.violations = violations
        }
    }

    private let runs = Atomic<Int>(0)
    private let violations = Atomic<Int>(0)
    private let stopped = Atomic<Bool>(false)
    private let interval: Duration
    private let lastReport = Mutex<ContinuousClock.Instant?>(nil)
    private let shouldStop: @Sendable () -> Bool
    private let report: @Sendable (Counts) -> Void

    /// A monitor that calls `report` at most once per `interval` and stops the search once
    /// `shouldStop` returns `true`.
    public init(
        interval: Duration = .milliseconds(250), shouldStop: @escaping @Sendable () -> Bool = { false },
        report: @escaping @Sendable (Counts) -> Void = { _ in }
    ) {
        self.interval = interval
        self.shouldStop = shouldStop
        self.report = report
    }

    /// The counts so far.
    public var counts: Counts { Counts(runs: runs.load(ordering: .relaxed), violations: violations.load(ordering: .relaxed)) }

    /// Whether the search was stopped before it ended by itself.
    public var wasStopped: Bool { stopped.load(ordering: .relaxed) }

    /// Stops the search before its next run.
    public func stop() { stopped.store(true, ordering: .relaxed) }

    /// Whether the search must stop before another run.
    var mustStop: Bool {
        if stopped.load(ordering: .relaxed) { return true }
        guard shouldStop() else { return false }
        stop()
        return true
    }

    /// Counts a finished run, and reports if `interval` has passed since the last report.
    func finished(violating: Bool) {
        runs.add(1, ordering: .relaxed)
        if violating { violations.add(1, ordering: .relaxed) }
        let now = ContinuousClock.now
        let due = lastReport.withLock { last -> Bool in
            guard last.map({ now - $0 >= interval }) ?? true else { return false }
            last = now
            return true
        }
        if due { report(counts) }
    }
}
