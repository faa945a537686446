/// Probabilistic concurrency testing: `pct(seed, depth)`, after Burckhardt, Kothari,
/// Musuvathi and Nagarakatte, "A Randomized Scheduler with Probabilistic Guarantees of
/// Finding Bugs", ASPLOS 2010.
///
/// Every thread gets a random initial priority, distinct from the others, when it first
/// shows up at a scheduling point; the initial priorities are `depth`, `depth + 1`, … in a
/// uniformly random order. At every point the enabled thread with the highest priority
/// runs. Before the run, `depth − 1` *change points* are drawn uniformly and without
/// repetition from the choice points `1 … steps`; at the `i`-th change point the running
/// thread's priority drops to `i`, below every initial priority.
///
/// **Steps.** A *choice point* is a scheduling point where at least two threads can run:
/// the only points where a strategy is asked. `steps` (the paper's *k*) counts those, not
/// every scheduling point, since a point with one runnable thread offers no choice and a
/// change point placed there would be wasted. Pass an estimate of the number of choice
/// points in a run (the explorer measures a few probe runs); a run longer than `steps` has
/// no change point after it.
///
/// **Guarantee.** For a program with at most `n` threads and at most `steps` choice points,
/// one run finds a bug of depth `d ≤ depth` with probability at least
/// `1 / (n · steps^(d−1))`: the thread that must go first has to draw the top priority
/// (`1/n`), and each of the `d − 1` ordering constraints needs its change point at one
/// particular choice point (at least `1/steps` each).
public struct PCTStrategy: SchedulingStrategy {
    /// The bug depth the strategy targets: `depth − 1` change points.
    public let depth: Int
    /// The estimated number of choice points in a run: the paper's *k*.
    public let steps: Int
    private var generator: SplitMix64
    /// The choice point of each change point: `changePoints[i]` lowers to priority `i + 1`.
    private let changePoints: [Int]
    /// Threads in initial-priority order, highest first.
    private var ranking: [LabThreadID] = []
    /// Per thread id: its index in ``ranking``, or -1 before it is met; so that meeting a
    /// known thread and reading a priority take constant time, however many threads run.
    private var rankIndex: [Int] = []
    /// Per thread id: the lowered priority (1 … depth − 1), or 0 while it keeps its initial one.
    private var lowered: [Int] = []
    private var choicePoint = 0

    /// A strategy whose priorities and change points are determined by `seed`.
    ///
    /// - Parameters:
    ///   - seed: determines every random draw.
    ///   - depth: the bug depth to target, at least 1 (1 means no change point).
    ///   - steps: the estimated number of choice points in a run, at least 1.
    public init(seed: UInt64, depth: Int, steps: Int) {
        precondition(depth >= 1, "pct: depth must be at least 1")
        precondition(steps >= 1, "pct: steps must be at least 1")
        self.depth = depth
        self.steps = steps
        var generator = SplitMix64(seed: seed)
        var points: [Int] = []
        while points.count < min(depth - 1, steps) {
            let point = 1 + Int(generator.next() % UInt64(steps))
            if !points.contains(point) { points.append(point) }
        }
        changePoints = points
        self.generator = generator
    }

    public mutating func choose(_ decision: SchedulingDecision) -> LabThreadID {
        meet(decision.current)
        for thread in decision.enabled { meet(thread) }
        choicePoint += 1
        if let index = changePoints.firstIndex(of: choicePoint) { lowered[decision.current] = index + 1 }
        return decision.highestPriority { priority(of: $0) }
    }

    /// Gives a thread seen for the first time a random place among the initial priorities.
    private mutating func meet(_ thread: LabThreadID) {
        if thread < rankIndex.count, rankIndex[thread] >= 0 { return }
        if thread >= lowered.count {
            lowered += Array(repeating: 0, count: thread + 1 - lowered.count)
            rankIndex += Array(repeating: -1, count: thread + 1 - rankIndex.count)
        }
        let position = Int(generator.next() % UInt64(ranking.count + 1))
        ranking.insert(thread, at: position)
        for index in position..<ranking.count { rankIndex[ranking[index]] = index }
    }

    /// The thread's current priority: its lowered one, or `depth + ` its rank from the bottom.
    private func priority(of thread: LabThreadID) -> Int {
        if lowered[thread] > 0 { return lowered[thread] }
        return depth + ranking.count - 1 - rankIndex[thread]
    }
}
