/// Partial-order sampling: `pos(seed)`, after Yuan, Yang and Gu, "Partial Order Aware
/// Concurrency Sampling", CAV 2018 (the strategy Fray runs by default).
///
/// Every thread's next visible operation carries a random priority, and at every choice
/// point the runnable thread whose operation has the highest priority runs. When a thread
/// has run, its next operation is a new event and draws a new priority; every other thread
/// keeps its own. Unlike a random walk, a thread's chance to run does not shrink with the
/// number of points it passes, and unlike PCT no run length has to be guessed.
///
/// The paper's full POS also re-draws the priority of every waiting operation that races
/// with the one just run. Without a description of each thread's next operation, the
/// thread that just ran is the only one whose event is known to have changed, so this is
/// the paper's basic POS.
public struct POSStrategy: SchedulingStrategy {
    private var generator: SplitMix64
    /// Per thread id: the priority of its next operation, or 0 before it is first seen.
    private var priorities: [UInt64] = []
    /// The thread chosen at the previous choice point.
    private var previous: LabThreadID?

    /// A strategy whose priorities are determined by `seed`.
    public init(seed: UInt64) { generator = SplitMix64(seed: seed) }

    public mutating func choose(_ decision: SchedulingDecision) -> LabThreadID {
        if let previous { redraw(previous) }
        redraw(decision.current)
        let best = decision.highestPriority { priority(of: $0) }
        previous = best
        return best
    }

    /// Gives `thread`'s next operation a fresh priority.
    private mutating func redraw(_ thread: LabThreadID) {
        grow(to: thread)
        priorities[thread] = generator.next() | 1
    }

    /// The priority of `thread`'s next operation, drawn when the thread is first seen.
    private mutating func priority(of thread: LabThreadID) -> UInt64 {
        grow(to: thread)
        if priorities[thread] == 0 { priorities[thread] = generator.next() | 1 }
        return priorities[thread]
    }

    private mutating func grow(to thread: LabThreadID) {
        if thread >= priorities.count { priorities += Array(repeating: 0, count: thread + 1 - priorities.count) }
    }
}
