import LabRuntime
import Synchronization
import Testing

@testable import Inspector

/// A count shared with a `@Sendable` closure.
private final class CallCounter: Sendable {
    private let calls = Atomic<Int>(0)
    /// Counts a call and returns how many there have been.
    func next() -> Int { calls.add(1, ordering: .relaxed).newValue }
}

/// The counts an ``ExplorationProgress`` reported, collected from its `report` closure.
private final class Reports: Sendable {
    let counts = Mutex<[ExplorationProgress.Counts]>([])
}

@Suite("Exploration progress: counts runs as they finish, and stops a search between runs")
struct ExplorationProgressTests {
    @Test(
        "a stopped search reports what it made, as interrupted",
        arguments: [
            ExplorationStrategy.random(seed: 0), .exhaustive(preemptionBound: 3), .dpor,
        ])
    func stops(strategy: ExplorationStrategy) {
        let counter = CallCounter()
        let reports = Reports()
        let progress = ExplorationProgress(
            interval: .zero, shouldStop: { counter.next() > 25 }, report: { counts in reports.counts.withLock { $0.append(counts) } })
        var explorer = Explorer(scenario: .lockCounter, strategy: strategy, schedules: 10_000)
        explorer.progress = progress
        let report = explorer.explore()
        #expect(report.interrupted)
        #expect(progress.wasStopped)
        // 25 runs were made; a bounded search counts only those of the current level's cost.
        #expect(report.explored > 0 && report.explored <= 25)
        #expect(report.explored == 25 || strategy == .exhaustive(preemptionBound: 3))
        #expect(progress.counts == ExplorationProgress.Counts(runs: report.explored, violations: 0))
        #expect(reports.counts.withLock { $0.last } == progress.counts)
    }

    @Test("an unstopped search is not interrupted, and its violations are counted")
    func counts() {
        let progress = ExplorationProgress()
        var explorer = Explorer(scenario: .abba, strategy: .random(seed: 0), schedules: 1_000)
        explorer.progress = progress
        let report = explorer.explore()
        #expect(!report.interrupted && !progress.wasStopped)
        #expect(report.finding != nil)
        #expect(progress.counts == ExplorationProgress.Counts(runs: report.explored, violations: 1))
    }
}
