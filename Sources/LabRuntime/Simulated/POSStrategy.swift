/// Partial-order sampling: `pos(seed)`, after Yuan, Yang and Gu, "Partial Order Aware
/// Concurrency Sampling", CAV 2018 (the strategy Fray runs by default).
///
/// Every thread's next visible operation is an event with a random priority, and at every
/// choice point the runnable thread whose event has the highest priority runs. Once it has
/// run, its next operation is a new event, and every waiting event that *races* with the
/// one just run (``VisibleOperation/isDependent(on:)``: the same cell with at least one
/// write, the same lock or semaphore, a message to the same port) is reset: each of them
/// draws a fresh priority when it is next compared. Events that do not race keep theirs, so
/// independent threads are not reshuffled by each other's steps, and the sampling stays
/// close to uniform over partial orders rather than over interleavings. A priority is drawn
/// when its event is first compared, in ascending thread order, so a seed fixes the run.
///
/// As in Fray, an operation that races with nothing (a thread's start, a spawn, a join, a
/// sleep that is due, a `yield`: ``VisibleOperation/isRacing``) runs before any that does,
/// the highest-priority one first, and resets nothing: it commutes with every other event,
/// so running it early loses no partial order, and the racing events then compete from
/// the furthest point the program can reach without them.
public struct POSStrategy: SchedulingStrategy {
    private var generator: SplitMix64
    /// Per thread id: the priority of its next operation, or 0 when a fresh one is due.
    private var priorities: [UInt64] = []

    /// A strategy whose priorities are determined by `seed`.
    public init(seed: UInt64) { generator = SplitMix64(seed: seed) }

    public mutating func choose(_ decision: SchedulingDecision) -> LabThreadID {
        let racing = decision.nextOperations.count == decision.enabled.count
        if racing, let local = highestNonRacing(decision) { return local }
        let best = decision.highestPriority { priority(of: $0) }
        if let event = decision.nextOperation(of: best) {
            for (index, thread) in decision.enabled.enumerated()
            where thread != best && index < decision.nextOperations.count && decision.nextOperations[index].isDependent(on: event) {
                priorities[thread] = 0
            }
        }
        priorities[best] = 0
        return best
    }

    /// The highest-priority thread whose next operation races with nothing, if any.
    private mutating func highestNonRacing(_ decision: SchedulingDecision) -> LabThreadID? {
        var best: (thread: LabThreadID, priority: UInt64)?
        for (thread, operation) in zip(decision.enabled, decision.nextOperations) where !operation.isRacing {
            let candidate = priority(of: thread)
            if candidate > best?.priority ?? 0 { best = (thread, candidate) }
        }
        return best?.thread
    }

    /// The priority of `thread`'s next operation, drawn when it is first compared.
    private mutating func priority(of thread: LabThreadID) -> UInt64 {
        if thread >= priorities.count { priorities += Array(repeating: 0, count: thread + 1 - priorities.count) }
        if priorities[thread] == 0 { priorities[thread] = generator.next() | 1 }
        return priorities[thread]
    }

    /// `false`: priorities and next operations alone decide.
    public var readsPointLabels: Bool { false }
}
