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
        // Worker w's k-th run is run lowerBound + w + k × jobs, so each worker keeps only its
        // runs' step counts, 4 bytes a run: a long search's bookkeeping stays small.
        let steps = Mutex<[[UInt32]]>(Array(repeating: [], count: jobs))
        ParallelWorkers.run(jobs: jobs) { worker in
            var index = runs.lowerBound + worker
            var mySteps: [UInt32] = []
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
                mySteps.append(UInt32(clamping: run.result.steps))
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
                TraceRecorder.recycle((consume run).result.trace)
                index += jobs
            }
            steps.withLock { $0[worker] = mySteps }
        }
        let finding = findings.withLock { $0 }.min { $0.index < $1.index }
        var explored = 0
        var stepTotal = 0
        for (worker, workerSteps) in steps.withLock({ $0 }).enumerated() {
            for (k, count) in workerSteps.enumerated() {
                if let finding, runs.lowerBound + worker + k * jobs > finding.index { break }
                explored += 1
                stepTotal += Int(count)
            }
        }
        return SearchOutcome(
            finding: finding, explored: explored, runs: explored, steps: stepTotal,
            complete: false, stoppedByTime: timedOut.load(ordering: .relaxed), interrupted: interrupted.load(ordering: .relaxed))
    }
}
