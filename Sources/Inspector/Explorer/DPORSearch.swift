import LabRuntime

/// Stateless search of every Mazurkiewicz trace of a scenario, one run per trace, with
/// dynamic partial-order reduction and sleep sets (see ``DPORPath``): no bound, and complete
/// when the path runs out.
///
/// Sound only as far as the program's shared state is visible: two transitions are
/// dependent when they touch a common ``VisibleObject``: a lock, a semaphore, a thread, a
/// lab cell, a descriptor's channel (a port's sends and drains, a socket pair's reads,
/// writes and closes, and every port-set wait with the descriptor in it), a port set, or
/// state behind a ``VisibleMutex`` (a run loop's queue, modes and wake-ups, a source's
/// signal, a timer). Sleeps and `yield`s touch nothing. Memory that two threads read and
/// write between scheduling points without a lab cell or any of these is invisible, and
/// orders of such accesses may be missed.
///
/// It runs on one job whatever `--jobs` says: a race found deep in one branch adds
/// alternatives at points the branches share, so the tree cannot be cut up front the way
/// ``BoundedSearch`` cuts its own.
struct DPORSearch: Sendable {
    let scenario: Scenario
    let checkers: [any Checker]
    let limit: Int
    let deadline: ContinuousClock.Instant?
    let progress: ExplorationProgress?

    func run() -> SearchOutcome {
        var outcome = SearchOutcome.none
        let path = DPORPath()
        repeat {
            if outcome.mustStop(limit: limit, deadline: deadline, progress: progress) { return outcome }
            path.rewind()
            guard let result = outcome.run(scenario, DPORStrategy(path: path)) else { return outcome }
            if outcome.violates(result, checkers: checkers, progress: progress) { return outcome }
        } while path.advance()
        outcome.complete = true
        return outcome
    }
}
