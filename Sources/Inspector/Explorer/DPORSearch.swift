import LabRuntime

/// Stateless search of every Mazurkiewicz trace of a scenario, one run per trace, with
/// dynamic partial-order reduction and sleep sets (see ``DPORPath``): no bound, and complete
/// when the path runs out.
///
/// Sound only as far as the program's shared state is visible: two transitions are
/// dependent when they touch a common lock, semaphore or thread, or both touch the
/// ``VisibleObject/shared`` object (port waits and signals, socket I/O, sleeps, `yield`s and
/// labelled points). Memory that two threads read and write between scheduling points
/// without any of these is invisible, and orders of such accesses may be missed.
struct DPORSearch: Sendable {
    let scenario: Scenario
    let checkers: [any Checker]
    let limit: Int
    let deadline: ContinuousClock.Instant?

    func run() -> SearchOutcome {
        var outcome = SearchOutcome(finding: nil, explored: 0, runs: 0, steps: 0, complete: false, stoppedByTime: false)
        let path = DPORPath()
        repeat {
            if outcome.runs >= limit { return outcome }
            if let deadline, ContinuousClock.now >= deadline {
                outcome.stoppedByTime = true
                return outcome
            }
            path.rewind()
            let result = scenario.run(DPORStrategy(path: path))
            outcome.runs += 1
            outcome.steps += result.steps
            if case .replayDiverged = result.outcome {
                outcome.finding = ExploredRun(index: outcome.explored, seed: nil, result: result, violations: []).diverged()
                outcome.explored += 1
                return outcome
            }
            let run = ExploredRun(
                index: outcome.explored, seed: nil, result: result,
                violations: checkers.flatMap { $0.check(result) })
            outcome.explored += 1
            if !run.violations.isEmpty {
                outcome.finding = run
                return outcome
            }
        } while path.advance()
        outcome.complete = true
        return outcome
    }
}
