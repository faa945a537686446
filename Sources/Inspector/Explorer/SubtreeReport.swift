/// One level of a bounded search as one shard searched it: how the level's tree is cut (see
/// `SubtreeFrontier`, the same cut in every shard) and the subtrees of the shard's block. A
/// DPOR search's shard has one level, 0, cut below its frontier (see `DPORFrontier`, the
/// same cut in every shard and in the unsplit search).
///
/// Shard `k` of `n` searches the `k`-th of `n` contiguous blocks of each level's subtrees, as
/// ``Shard/runs(of:)`` cuts run numbers. ``ShardReport/merge(_:)`` adds the subtrees of every
/// shard in the tree's depth-first order, as the unsplit search meets them.
public struct LevelReport: Sendable, Equatable, Codable {
    /// The level: the most preemptions or delays a schedule of it has.
    public var level: Int
    /// How many subtrees the level's tree is cut into, across every shard.
    public var subtrees: Int
    /// Whether the bound cut off a choice within the subtrees' prefixes.
    public var frontierPruned: Bool
    /// The subtrees this shard searched, in order.
    public var searched: [SubtreeReport]
}

/// One subtree of one level of a bounded search: every run made in it, so that merging can
/// count it exactly as far as the unsplit search's budget (`--schedules`) would have reached.
public struct SubtreeReport: Sendable, Equatable, Codable {
    /// The subtree's position in its level, in depth-first order.
    public var subtree: Int
    /// The scheduling points of each run made, in order.
    public var runSteps: [Int]
    /// The positions in ``runSteps`` of the runs not counted: cheaper schedules, checked on
    /// an earlier level, re-run only to reach their costlier neighbours.
    public var uncounted: [Int]
    /// The position in ``runSteps`` of the violating run (always the last), if one violated.
    public var finding: Int?
    /// Whether the bound cut off a choice; `nil` when the search stopped (a finding, the
    /// budget, the time budget or Ctrl-C).
    public var pruned: Bool?
    /// Whether the time budget stopped the search.
    public var stoppedByTime: Bool

    /// What the unsplit search makes of this subtree when `left` runs of its budget are left.
    func cut(left: Int) -> SubtreeCounts {
        let made = min(runSteps.count, max(left, 0))
        let uncountedBefore = { (position: Int) in uncounted.count(where: { $0 < position }) }
        let finding = finding.flatMap { $0 < made ? $0 - uncountedBefore($0) : nil }
        let whole = made == runSteps.count
        return SubtreeCounts(
            runs: made, explored: made - uncountedBefore(made), steps: runSteps[..<made].reduce(0, +), finding: finding,
            pruned: whole ? pruned : nil, stoppedByTime: whole && stoppedByTime)
    }
}

/// A subtree's share of the unsplit search's counts (see ``SubtreeReport``).
struct SubtreeCounts {
    var runs: Int
    var explored: Int
    var steps: Int
    /// The violating run's number among the subtree's counted runs.
    var finding: Int?
    var pruned: Bool?
    var stoppedByTime: Bool
}
