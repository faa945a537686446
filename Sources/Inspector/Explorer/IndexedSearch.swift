import LabRuntime
import Synchronization

/// The random and PCT searches: run `i` uses a strategy made from `i` alone (seed + i), so
/// runs are independent and can be spread over jobs.
///
/// The search makes the runs numbered `runs` (all of `0..<limit`, or one shard's block).
/// Worker `w` of `jobs` takes runs `first + w`, `first + w + jobs`, … and stops once its next
/// run is past the lowest violating run found so far. Every run below the reported one has
/// therefore been made, whatever `jobs` is, and the report is the same. (A time budget can
/// stop workers unevenly; then the lowest violating run *among those made* is reported.)
struct IndexedSearch: Sendable {
    let scenario: Scenario
    let checkers: [any Checker]
    let runs: Range<Int>
    let jobs: Int
    let deadline: ContinuousClock.Instant?
    let progress: ExplorationProgress?
    let strategy: @Sendable (Int) -> (seed: UInt64, strategy: any SchedulingStrategy)

    func run() -> SearchOutcome {
        let best = Atomic<Int>(Int.max)
        let timedOut = Atomic<Bool>(false)
        let interrupted = Atomic<Bool>(false)
        let findings = Mutex<[ExploredRun]>([])
        let steps = Mutex<[(index: Int, steps: Int)]>([])
        ParallelWorkers.run(jobs: jobs) { worker in
            var index = runs.lowerBound + worker
            var mySteps: [(index: Int, steps: Int)] = []
            while index < runs.upperBound, index < best.load(ordering: .acquiring) {
                if let deadline, ContinuousClock.now >= deadline {
                    timedOut.store(true, ordering: .relaxed)
                    break
                }
                if progress?.mustStop == true {
                    interrupted.store(true, ordering: .relaxed)
                    break
                }
                let (seed, strategy) = strategy(index)
                let run = scenario.explore(strategy, index: index, seed: seed, checkers: checkers)
                mySteps.append((index, run.result.steps))
                progress?.finished(violating: !run.violations.isEmpty)
                if !run.violations.isEmpty {
                    findings.withLock { $0.append(run) }
                    var current = best.load(ordering: .acquiring)
                    while index < current {
                        let (exchanged, original) = best.compareExchange(
                            expected: current, desired: index, ordering: .acquiringAndReleasing)
                        if exchanged { break }
                        current = original
                    }
                    break
                }
                index += jobs
            }
            steps.withLock { $0 += mySteps }
        }
        let finding = findings.withLock { $0 }.min { $0.index < $1.index }
        let counted = steps.withLock { $0 }.filter { finding == nil || $0.index <= finding!.index }
        return SearchOutcome(
            finding: finding, explored: counted.count, runs: counted.count, steps: counted.reduce(0) { $0 + $1.steps },
            complete: false, stoppedByTime: timedOut.load(ordering: .relaxed), interrupted: interrupted.load(ordering: .relaxed))
    }
}
