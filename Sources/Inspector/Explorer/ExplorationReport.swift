/// What an exploration did and found. Everything in it is deterministic: the same scenario,
/// strategy, budget and checkers give the same report, whatever the number of jobs (unless
/// a time budget stopped the search).
public struct ExplorationReport: Sendable {
    /// The scenario's name.
    public let scenario: String
    /// The strategy, with PCT's measured `k` filled in.
    public let strategy: ExplorationStrategy
    /// The checkers' names, in order.
    public let checkers: [String]
    /// The most runs the whole exploration makes (`--schedules`), across every shard.
    public let schedules: Int
    /// The part of the runs this report covers.
    public let shard: Shard
    /// The runs explored: up to and including the finding, or all of them.
    public let explored: Int
    /// The scheduling points passed in those runs.
    public let steps: Int
    /// Whether an exhaustive search covered every schedule within its bound.
    public let complete: Bool
    /// Whether the time budget ended the search.
    public let stoppedByTime: Bool
    /// Whether the search was interrupted (Ctrl-C, see ``Explorer/progress``) before it
    /// ended by itself: the report is partial, and a finding in it is not shrunk.
    public var interrupted = false
    /// The first violation, shrunk; `nil` when every run was clean.
    public let finding: Finding?
    /// A shard of a bounded or DPOR search: the subtrees it searched at each level, which
    /// ``ShardReport/merge(_:)`` needs; `nil` otherwise.
    public var levels: [LevelReport]?

    /// The most runs this report's shard makes: its block of ``schedules`` for a search
    /// split by run number, all of them for a bounded or DPOR search's shard (see ``levels``).
    public var shardBudget: Int {
        levels == nil ? shard.runs(of: schedules).count : schedules
    }

    /// The failed system call that stopped the search (``ViolationKind/systemCallFailed``),
    /// explained, e.g. `"eventfd failed: Too many open files (EMFILE) …"`; `nil` otherwise.
    public var systemCallFailure: String? {
        finding?.violations.first { $0.kind == .systemCallFailed }?.summary
    }
}
