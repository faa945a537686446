/// One level of a stateless search cut into subtrees (a bounded search has a level per
/// bound, a DPOR search one), searched over `jobs` and added up in the tree's depth-first
/// order, exactly as one job would meet them: whole (``searchWhole(subtrees:frontierPruned:jobs:limit:outcome:search:)``)
/// or as one shard makes it (``search(level:subtrees:frontierPruned:shard:jobs:limit:outcome:search:)``),
/// the shard's block of the subtrees (``Shard/runs(of:)`` cuts them as it cuts run numbers),
/// each run of each subtree recorded (``SubtreeReport``) so that ``ShardReport/merge(_:)``
/// can add the subtrees of every shard as the whole search meets them.
enum ShardLevel {
    /// Searches subtree `index` with at most `limit` runs, counting into `outcome` and telling
    /// `log` each run's scheduling points and whether it was counted; returns whether the
    /// bound cut off a choice (`nil` when its search stopped).
    typealias SubtreeSearch =
        @Sendable (
            _ index: Int, _ limit: Int, _ outcome: inout SearchOutcome, _ log: @escaping (_ steps: Int, _ counted: Bool) -> Void
        ) -> Bool?

    /// Searches every subtree of a level cut into `subtrees` over `jobs` and adds them to
    /// `outcome` in depth-first order, stopping where one job would have, with at most
    /// `limit` runs less those `outcome` already made; returns whether the bound cut off a
    /// choice anywhere in the level (or above its subtrees, `frontierPruned`), or `nil` when
    /// the search stopped. Whatever `jobs` is, the runs counted are one job's.
    static func searchWhole(
        subtrees: Int, frontierPruned: Bool, jobs: Int, limit: Int, outcome: inout SearchOutcome,
        search: @escaping SubtreeSearch
    ) -> Bool? {
        let levelLimit = limit - outcome.runs
        let results = SubtreeResults(count: subtrees, limit: levelLimit)
        let searchAlone: @Sendable (Int, Int) -> SubtreeResults.Result = { index, limit in
            var subtree = SearchOutcome.none
            let pruned = search(index, limit, &subtree) { _, _ in }
            return SubtreeResults.Result(outcome: subtree, pruned: pruned, limit: limit)
        }
        ParallelWorkers.run(jobs: jobs) { _ in
            while let (index, runsBefore) = results.next() {
                results.record(index, searchAlone(index, levelLimit - runsBefore))
            }
        }
        var runs = 0
        return LevelWalk.walk(subtrees: subtrees, frontierPruned: frontierPruned, runs: &runs, limit: levelLimit) { index, left in
            var subtree = results.result(index) ?? .init(outcome: .none, pruned: nil, limit: 0)
            let stopped = subtree.outcome.finding != nil || subtree.outcome.stoppedByTime || subtree.outcome.interrupted
            let cutShort = subtree.pruned == nil && !stopped && subtree.limit < left
            if results.result(index) == nil || subtree.outcome.runs > left || cutShort {
                // Skipped, or searched with another limit than one job would have had left:
                // search it again alone with exactly what is left.
                subtree = searchAlone(index, left)
            }
            outcome.add(subtree.outcome)
            return (subtree.outcome.runs, subtree.pruned)
        }
    }

    /// Searches the shard's subtrees of a level cut into `subtrees`, each with `limit` less
    /// the runs the shard made before it (at least what the whole search has left there),
    /// adding them to `outcome` and the level's report to `outcome.levels`. Returns whether
    /// the shard's search stopped.
    static func search(
        level: Int, subtrees: Int, frontierPruned: Bool, shard: Shard, jobs: Int, limit: Int, outcome: inout SearchOutcome,
        search: @escaping SubtreeSearch
    ) -> Bool {
        let block = shard.runs(of: subtrees)
        let levelLimit = limit - outcome.runs
        let results = SubtreeResults(count: block.count, limit: levelLimit)
        ParallelWorkers.run(jobs: jobs) { _ in
            while let (offset, runsBefore) = results.next() {
                var subtree = SearchOutcome.none
                var runSteps: [Int] = []
                var uncounted: [Int] = []
                let pruned = search(block.lowerBound + offset, levelLimit - runsBefore, &subtree) {
                    if !$1 { uncounted.append(runSteps.count) }
                    runSteps.append($0)
                }
                let report = SubtreeReport(
                    subtree: block.lowerBound + offset, runSteps: runSteps, uncounted: uncounted,
                    finding: subtree.finding == nil ? nil : runSteps.count - 1, pruned: pruned,
                    stoppedByTime: subtree.stoppedByTime)
                results.record(offset, .init(outcome: subtree, pruned: pruned, limit: levelLimit - runsBefore, report: report))
            }
        }
        var report = LevelReport(level: level, subtrees: subtrees, frontierPruned: frontierPruned, searched: [])
        defer { outcome.levels = (outcome.levels ?? []) + [report] }
        for offset in 0..<block.count {
            // A subtree no worker took lies past the shard's budget: the search stopped before.
            guard let subtree = results.result(offset), let searched = subtree.report else { return true }
            report.searched.append(searched)
            outcome.add(subtree.outcome)
            if subtree.pruned == nil { return true }
        }
        return false
    }
}
