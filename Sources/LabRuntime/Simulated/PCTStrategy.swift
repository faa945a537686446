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
    /// Per thread id: its current priority, or 0 before it is met; kept up to date as
    /// threads are met and lowered, so that a choice reads one number per enabled thread,
    /// however many threads run.
    private var priorities: [Int] = []
    /// Per thread id: whether its priority was lowered at a change point.
    private var isLowered: [Bool] = []
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
        for thread in decision.enabled where thread >= priorities.count || priorities[thread] == 0 { meet(thread) }
        choicePoint += 1
        if let index = changePoints.firstIndex(of: choicePoint) {
            priorities[decision.current] = index + 1
            isLowered[decision.current] = true
        }
        let priorities = priorities
        return decision.highestPriority { priorities[$0] }
    }

    /// Gives a thread seen for the first time a random place among the initial priorities:
    /// `depth + ` its rank from the bottom. The threads it goes below rise by one.
    private mutating func meet(_ thread: LabThreadID) {
        if thread < priorities.count, priorities[thread] > 0 { return }
        if thread >= priorities.count {
            priorities += repeatElement(0, count: thread + 1 - priorities.count)
            isLowered += repeatElement(false, count: thread + 1 - isLowered.count)
        }
        let position = Int(generator.next() % UInt64(ranking.count + 1))
        for above in ranking[..<position] where !isLowered[above] { priorities[above] += 1 }
        ranking.insert(thread, at: position)
        priorities[thread] = depth + ranking.count - 1 - position
    }

    /// `false`: priorities alone decide.
    public var readsPointLabels: Bool { false }
}
