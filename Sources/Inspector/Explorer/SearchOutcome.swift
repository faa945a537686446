/// What one search (random, PCT or exhaustive) produced before shrinking.
struct SearchOutcome: Sendable {
    /// The violating run with the lowest index, if any.
    var finding: ExploredRun?
    /// How many runs the search counts as explored: up to and including the finding, or
    /// every run made when there is none. Independent of the number of jobs.
    var explored: Int
    /// Every simulation the search made: `explored`, plus the cheaper schedules bounded
    /// search re-runs to reach costlier ones.
    var runs: Int
    /// The scheduling points passed in every run made.
    var steps: Int
    /// Whether the search covered its whole space (exhaustive search within its bound).
    var complete: Bool
    /// Whether the time budget stopped it.
    var stoppedByTime: Bool
    /// Whether its ``ExplorationProgress`` stopped it (Ctrl-C).
    var interrupted = false
    /// A shard of a bounded or DPOR search: its levels' subtrees, for merging (see
    /// ``ShardLevel``); `nil` otherwise.
    var levels: [LevelReport]?
}
