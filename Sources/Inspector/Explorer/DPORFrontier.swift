import LabRuntime

/// The subtrees a DPOR search is cut into: the tree's top choice points expanded fully,
/// with sleep sets, and DPOR below each prefix. The whole search takes them in order;
/// `explore --shard K/N` takes the K-th of N blocks of them.
///
/// DPOR's subtrees are not independent: a race found deep in one branch adds a backtrack
/// point at a choice point the branches share, which decides what the others explore. Here
/// every choice point above the frontier takes every thread that is awake there, one subtree
/// each, so a race that reaches above a subtree's root would only add a thread some other
/// subtree already takes ("Distributed Dynamic Partial Order Reduction", Yang, Chen,
/// Gopalakrishnan and Kirby, shares the backtrack sets of the prefix instead, at the cost of
/// a coordinator and some redundant runs). What the top choice points lose is some
/// reduction: sibling `i` of a point starts with siblings `0..<i` asleep, as Godefroid's
/// sleep sets put them, so a schedule that only reorders independent transitions of an
/// earlier sibling is cut short, but still run once to its end.
///
/// The cut depends on the scenario alone, never on the number of shards or jobs, so every
/// split of one search makes the same runs in the same order as the whole search, and
/// together they cover every Mazurkiewicz trace.
struct DPORFrontier: Sendable {
    /// A fixed choice of the prefix: the thread taken, and the earlier siblings at that
    /// point, which start asleep in this subtree, with the objects their transitions touch.
    struct Choice: Sendable {
        let thread: LabThreadID
        let asleep: [(thread: LabThreadID, objects: [VisibleObject])]
    }

    /// How many subtrees the frontier grows to, give or take a level's worth; fewer when the
    /// top choice points offer fewer threads. More shards than subtrees leave some idle.
    ///
    /// Every level above the frontier costs reduction, since it takes threads DPOR from the
    /// root would not: with no checker, `bounded-buffer` takes 1,631 runs at 16 against 1,149
    /// from the root and 1,869 at 64, `philosophers` 5,834 against 5,471 and 7,088.
    static let wanted = 16

    /// The deepest the prefixes go. Where the top choice points mostly offer one awake thread,
    /// the frontier stops here short of ``wanted`` (7 subtrees for `cancel-completion` and
    /// `pause-cancel-pair`; 20 rounds would give 17, but cost the small programs reduction:
    /// `lock-pair` 100 runs instead of 96, `work-stealing` 27 instead of 23).
    private static let maxRounds = 6

    /// The subtrees' prefixes, in depth-first order.
    private(set) var prefixes: [[Choice]] = [[]]

    /// The frontier of `scenario`, found breadth-first by runs that are not counted (each
    /// follows its prefix, then goes on to its end as DPOR would): each round extends every prefix by
    /// every thread awake at its next choice point, in round-robin order, until there are
    /// ``wanted`` prefixes or none grows.
    init(scenario: Scenario) {
        var awakeNext = [Self.run([], scenario: scenario).awake]
        var rounds = 0
        while prefixes.count < Self.wanted, rounds < Self.maxRounds, awakeNext.contains(where: { !$0.isEmpty }) {
            rounds += 1
            var deeper: [[Choice]] = []
            var deeperAwake: [[LabThreadID]] = []
            for (prefix, awake) in zip(prefixes, awakeNext) {
                guard !awake.isEmpty else {
                    deeper.append(prefix)
                    deeperAwake.append([])
                    continue
                }
                var asleep: [(thread: LabThreadID, objects: [VisibleObject])] = []
                for thread in awake {
                    let child = prefix + [Choice(thread: thread, asleep: asleep)]
                    let (childAwake, objects) = Self.run(child, scenario: scenario)
                    asleep.append((thread, objects))
                    deeper.append(child)
                    deeperAwake.append(childAwake)
                }
            }
            prefixes = deeper
            awakeNext = deeperAwake
        }
    }

    /// Runs `prefix`, then on to the run's end as DPOR would: the threads awake at the choice
    /// point after the prefix (none when the run ends before it or leaves the prefix), and the
    /// objects the prefix's last choice's transition touched. The run is not cut at the choice
    /// point: a run ended there would leave its threads in the middle of their frames, with
    /// everything those frames hold, where a run that ends by itself lets every idle thread
    /// return.
    private static func run(_ prefix: [Choice], scenario: Scenario) -> (awake: [LabThreadID], objects: [VisibleObject]) {
        let path = DPORPath(prefix: prefix)
        path.rewind()
        if case .replayDiverged = scenario.run(DPORStrategy(path: path)).outcome { return ([], []) }
        let objects = prefix.isEmpty ? [] : path.point(at: prefix.count - 1)?.objects ?? []
        return (path.point(at: prefix.count)?.awake ?? [], objects)
    }
}
