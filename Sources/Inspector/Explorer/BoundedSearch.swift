import LabRuntime

/// Depth-first search of every schedule whose cost (preemptions or delays, see
/// ``ScheduleBound``) is at most `bound`, with CHESS's iterative bounding: every schedule
/// of cost 0 runs before any of cost 1, and so on, so the first violation found costs as
/// little as any violation can.
///
/// The search is stateless, like loom's and CHESS's: it keeps one ``SearchPath`` (a stack
/// of choice points of the current run) and re-runs the scenario from scratch along the
/// next path. Level `b` walks every path of cost at most `b` but checks and counts only the
/// schedules of cost exactly `b`: the cheaper ones were checked on an earlier level and are
/// re-run only to reach their costlier neighbours. A level whose bound cut off no choice
/// has covered every schedule, and the search ends there, complete. Runs are made one after
/// another, so the result never depends on `jobs`.
struct BoundedSearch: Sendable {
    let scenario: Scenario
    let checkers: [any Checker]
    let kind: ScheduleBound
    let bound: Int
    let limit: Int
    let deadline: ContinuousClock.Instant?
    let progress: ExplorationProgress?

    func run() -> SearchOutcome {
        var outcome = SearchOutcome.none
        for level in 0...bound {
            let path = SearchPath(bound: kind)
            repeat {
                if outcome.mustStop(limit: limit, deadline: deadline, progress: progress) { return outcome }
                path.rewind()
                guard let result = outcome.run(scenario, SearchPathStrategy(path: path)) else { return outcome }
                guard path.cost == level else { continue }
                if outcome.violates(result, checkers: checkers, progress: progress) { return outcome }
            } while path.advance(within: level)
            if !path.wasPruned { break }
        }
        outcome.complete = true
        return outcome
    }
}
