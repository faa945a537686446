import LabRuntime
import Synchronization

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
/// has covered every schedule, and the search ends there, complete.
///
/// With several jobs, each level's tree is cut into subtrees (see ``SubtreeFrontier``),
/// which the jobs search at once, each in depth-first order; the subtrees' results are then
/// taken in the tree's depth-first order, exactly as one job would have met them, so the
/// first violation and every count are the same whatever `jobs` is.
struct BoundedSearch: Sendable {
    let scenario: Scenario
    let checkers: [any Checker]
    let kind: ScheduleBound
    let bound: Int
    let limit: Int
    let deadline: ContinuousClock.Instant?
    let progress: ExplorationProgress?
    var jobs = 1

    func run() -> SearchOutcome {
        var outcome = SearchOutcome.none
        for level in 0...bound {
            let pruned: Bool
            if jobs > 1 {
                guard let levelPruned = searchInParallel(level: level, outcome: &outcome) else { return outcome }
                pruned = levelPruned
            } else {
                guard let levelPruned = search(level: level, from: [], limit: limit, outcome: &outcome) else { return outcome }
                pruned = levelPruned
            }
            if !pruned { break }
        }
        outcome.complete = true
        return outcome
    }

    /// Shard `shard`'s part of the search: at every level, the shard's block of the
    /// level's subtrees (the frontier is cut the same way in every shard), over `jobs` as a
    /// whole search's level is, each subtree searched with what is left of the budget after
    /// the shard's own earlier runs (at least what the unsplit search has left there). A
    /// shard cannot know whether the others' subtrees were pruned or violated, so it goes on
    /// to every level until its own search stops.
    func run(shard: Shard) -> SearchOutcome {
        var outcome = SearchOutcome.none
        outcome.levels = []
        for level in 0...bound {
            let frontier = SubtreeFrontier(scenario: scenario, kind: kind, level: level, wanted: shard.count * 8)
            let stopped = ShardLevel.search(
                level: level, subtrees: frontier.prefixes.count, frontierPruned: frontier.pruned, shard: shard, jobs: jobs,
                limit: limit, outcome: &outcome
            ) { index, limit, subtree, log in
                search(level: level, from: frontier.prefixes[index], limit: limit, outcome: &subtree, log: log)
            }
            if stopped { return outcome }
        }
        return outcome
    }

    /// Searches the paths of cost at most `level` that begin with `prefix`, counting into
    /// `outcome` up to `limit` runs; whether the bound cut off a choice, or `nil` when the
    /// search must stop (a finding, the limit or the deadline). `log` hears each run's
    /// scheduling points and whether it was counted.
    private func search(
        level: Int, from prefix: [SearchPath.Entry], limit: Int, outcome: inout SearchOutcome,
        log: ((_ steps: Int, _ counted: Bool) -> Void)? = nil
    ) -> Bool? {
        let path = SearchPath(bound: kind, prefix: prefix)
        repeat {
            if outcome.mustStop(limit: limit, deadline: deadline, progress: progress) { return nil }
            path.rewind()
            let (explored, steps) = (outcome.explored, outcome.steps)
            defer { log?(outcome.steps - steps, outcome.explored > explored) }
            guard let result = outcome.run(scenario, SearchPathStrategy(path: path), for: checkers) else { return nil }
            guard path.cost == level else { continue }
            if outcome.violates(result, of: scenario, checkers: checkers, progress: progress) { return nil }
        } while path.advance(within: level)
        return path.wasPruned
    }

    /// One level with `jobs` workers: searches the frontier's subtrees at once, then adds
    /// their results to `outcome` in depth-first order, stopping where one job would have.
    private func searchInParallel(level: Int, outcome: inout SearchOutcome) -> Bool? {
        let frontier = SubtreeFrontier(scenario: scenario, kind: kind, level: level, wanted: jobs * 8)
        return ShardLevel.searchWhole(
            subtrees: frontier.prefixes.count, frontierPruned: frontier.pruned, jobs: jobs, limit: limit, outcome: &outcome
        ) { index, limit, subtree, log in
            search(level: level, from: frontier.prefixes[index], limit: limit, outcome: &subtree, log: log)
        }
    }
}

/// How one level's subtrees add up to the search one job makes: in depth-first order, each
/// with what is left of the budget after the runs before it, until one's search stops. The
/// parallel search combines its jobs' subtrees with it, and ``ShardReport/merge(_:)`` its
/// shards'.
enum LevelWalk {
    /// Walks subtrees `0..<subtrees`: `take(index, left)` adds subtree `index` as a search with
    /// `left` runs left makes it, and returns its runs and whether the bound cut off a choice
    /// in it (`nil` when its search stopped). Counts the runs into `runs`, of `limit`; returns
    /// whether the bound cut off a choice anywhere in the level, or `nil` when a subtree's
    /// search stopped.
    static func walk<E: Error>(
        subtrees: Int, frontierPruned: Bool, runs: inout Int, limit: Int,
        take: (_ index: Int, _ left: Int) throws(E) -> (runs: Int, pruned: Bool?)
    ) throws(E) -> Bool? {
        var pruned = frontierPruned
        for index in 0..<subtrees {
            let subtree = try take(index, limit - runs)
            runs += subtree.runs
            guard let subtreePruned = subtree.pruned else { return nil }
            pruned = pruned || subtreePruned
        }
        return pruned
    }
}

extension SearchOutcome {
    /// Adds the counts of `later`, a search that ran after this one, its finding,
    /// renumbered after this one's runs, and whether the time budget or Ctrl-C stopped it.
    mutating func add(_ later: SearchOutcome) {
        if let found = later.finding {
            finding = ExploredRun(index: explored + found.index, seed: found.seed, result: found.result, violations: found.violations)
        }
        explored += later.explored
        runs += later.runs
        steps += later.steps
        stoppedByTime = stoppedByTime || later.stoppedByTime
        interrupted = interrupted || later.interrupted
    }
}

/// The subtrees one level of a parallel bounded search is cut into: the paths' prefixes,
/// found breadth-first by runs that discover how many threads could run at each next
/// choice point, until there are `wanted` of them or no prefix grows. A prefix whose run has
/// no further choice point is a subtree of one path. The prefixes are in depth-first order,
/// and every path of cost at most `level` begins with exactly one of them. The discovering
/// runs are not counted: each is made again as its subtree's first run.
struct SubtreeFrontier: Sendable {
    /// The subtrees' prefixes, in depth-first order.
    private(set) var prefixes: [[SearchPath.Entry]] = [[]]
    /// Whether the level's bound cut off a choice within the prefixes.
    private(set) var pruned = false

    /// The deepest the prefixes go: a path with few affordable choices stays one subtree.
    private static let maxRounds = 8

    init(scenario: Scenario, kind: ScheduleBound, level: Int, wanted: Int) {
        var grew = true
        var rounds = 0
        while grew, prefixes.count < wanted, rounds < Self.maxRounds {
            rounds += 1
            grew = false
            var next: [[SearchPath.Entry]] = []
            for prefix in prefixes {
                let path = SearchPath(bound: kind, prefix: prefix)
                path.rewind()
                let result = scenario.run(SearchPathStrategy(path: path))
                let entries = path.entries
                var diverged = false
                if case .replayDiverged = result.outcome { diverged = true }
                guard !diverged, entries.count > prefix.count else {
                    next.append(prefix)
                    continue
                }
                let point = entries[prefix.count]
                for position in 0..<Int(point.count) {
                    if Int(point.costBefore) + kind.cost(ofPosition: position) <= level {
                        next.append(prefix + [point.taking(position)])
                    } else {
                        pruned = true
                    }
                }
                grew = true
            }
            prefixes = next
        }
    }
}

/// What the workers of a parallel level share: which subtree comes next, and each finished
/// subtree's result. A worker skips a subtree that one job would never reach: one after a
/// subtree with a finding, or after subtrees whose runs already fill the limit.
final class SubtreeResults: Sendable {
    struct Result {
        var outcome: SearchOutcome
        /// Whether the bound cut off a choice; `nil` when the subtree's search stopped.
        var pruned: Bool?
        /// The most runs the subtree's search was allowed.
        var limit: Int
        /// Every run of the subtree, for a shard's report; `nil` in a whole search.
        var report: SubtreeReport? = nil
    }

    private struct State {
        var next = 0
        var results: [Result?]
        /// The lowest subtree whose search stopped (a finding or the limit).
        var firstStop = Int.max
    }

    private let state: Mutex<State>
    private let count: Int
    private let limit: Int

    init(count: Int, limit: Int) {
        state = Mutex(State(results: Array(repeating: nil, count: count)))
        self.count = count
        self.limit = limit
    }

    /// The next subtree to search and the runs the finished subtrees before it made (a
    /// lower bound of the runs one job would make before it), or `nil` when none is left
    /// that one job would reach.
    func next() -> (index: Int, runsBefore: Int)? {
        state.withLock { state in
            guard state.next < count, state.next <= state.firstStop else { return nil }
            let runsBefore = state.results[..<state.next].reduce(0) { $0 + ($1?.outcome.runs ?? 0) }
            guard runsBefore < limit else { return nil }
            defer { state.next += 1 }
            return (state.next, runsBefore)
        }
    }

    /// Keeps the result of subtree `index`.
    func record(_ index: Int, _ result: Result) {
        state.withLock { state in
            state.results[index] = result
            if result.outcome.finding != nil { state.firstStop = min(state.firstStop, index) }
        }
    }

    func result(_ index: Int) -> Result? { state.withLock { $0.results[index] } }
}
