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
/// signal, a timer, AFReplay's models); two loads of one cell are independent. Sleeps and
/// `yield`s touch nothing. Memory that two threads read and write between scheduling points
/// without a lab cell or any of these is invisible, and orders of such accesses may be
/// missed.
///
/// The search is cut into the subtrees below a frontier whose choice points are expanded
/// fully, with sleep sets (see ``DPORFrontier``), searched with DPOR in the tree's
/// depth-first order. The cut depends on the scenario alone, so the whole search makes the
/// same runs in the same order as the shards of a split one (``run(shard:)``) one after the
/// other, and its result is what they merge to, whatever the number of shards or `jobs`.
struct DPORSearch: Sendable {
    let scenario: Scenario
    let checkers: [any Checker]
    let limit: Int
    let deadline: ContinuousClock.Instant?
    let progress: ExplorationProgress?
    var jobs = 1

    /// The whole search, or shard `shard`'s part of it: its block of the frontier's
    /// subtrees, recorded as one level for ``ShardReport/merge(_:)``. Either way the subtrees
    /// are searched over `jobs`.
    func run(shard: Shard = .whole) -> SearchOutcome {
        var outcome = SearchOutcome.none
        let frontier = DPORFrontier(scenario: scenario)
        let search: ShardLevel.SubtreeSearch = { index, limit, subtree, log in
            self.search(from: frontier.prefixes[index], limit: limit, outcome: &subtree, log: log)
        }
        if shard.isWhole {
            // `nil` when the search stopped (a finding, the budget, the time or Ctrl-C).
            let pruned = ShardLevel.searchWhole(
                subtrees: frontier.prefixes.count, frontierPruned: false, jobs: jobs, limit: limit, outcome: &outcome, search: search)
            outcome.complete = pruned != nil
        } else {
            _ = ShardLevel.search(
                level: 0, subtrees: frontier.prefixes.count, frontierPruned: false, shard: shard, jobs: jobs, limit: limit,
                outcome: &outcome, search: search)
        }
        return outcome
    }

    /// Searches the traces below `prefix`, counting into `outcome` up to `limit` runs;
    /// `false` when every one was explored (no bound cuts a DPOR search), `nil` when the
    /// search stopped (a finding, the limit or the deadline). `log` hears each run's
    /// scheduling points and whether it was counted (always).
    private func search(
        from prefix: [DPORFrontier.Choice], limit: Int, outcome: inout SearchOutcome,
        log: (_ steps: Int, _ counted: Bool) -> Void
    ) -> Bool? {
        let path = DPORPath(prefix: prefix)
        repeat {
            if outcome.mustStop(limit: limit, deadline: deadline, progress: progress) { return nil }
            path.rewind()
            let steps = outcome.steps
            defer { log(outcome.steps - steps, true) }
            guard let result = outcome.run(scenario, DPORStrategy(path: path), for: checkers) else { return nil }
            if outcome.violates(result, of: scenario, checkers: checkers, progress: progress) { return nil }
        } while path.advance()
        return false
    }
}
