/// One level of a split stateless search as one shard makes it: the shard's block of the
/// level's subtrees (``Shard/runs(of:)`` cuts them as it cuts run numbers), searched over
/// `jobs`, each run of each subtree recorded (``SubtreeReport``) so that
/// ``ShardReport/merge(_:)`` can add the subtrees of every shard as the unsplit search meets
/// them. A bounded search has a level per bound; a DPOR search one.
enum ShardLevel {
    /// Searches the shard's subtrees of a level cut into `subtrees`, each with `limit` less
    /// the runs the shard made before it (at least what the unsplit search has left there),
    /// adding them to `outcome` and the level's report to `outcome.levels`. `search(index,
    /// limit, outcome, log)` searches subtree `index`, telling `log` each run's scheduling
    /// points and whether it was counted, and returns whether the bound cut off a choice
    /// (`nil` when its search stopped). Returns whether the shard's search stopped.
    static func search(
        level: Int, subtrees: Int, frontierPruned: Bool, shard: Shard, jobs: Int, limit: Int, outcome: inout SearchOutcome,
        search:
            @escaping @Sendable (
                _ index: Int, _ limit: Int, _ outcome: inout SearchOutcome, _ log: @escaping (_ steps: Int, _ counted: Bool) -> Void
            ) -> Bool?
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
