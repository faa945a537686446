import LabRuntime

/// `deadlock`: the run stalled with two or more threads waiting for each other in a cycle
/// of locks and joins. Reports the wait-for graph and the cycle. A thread waiting for a lock
/// it already holds is ``LockMisuseChecker``'s, and a thread stuck on a semaphore is
/// ``LivenessChecker``'s.
public struct DeadlockChecker: Checker {
    public let name = "deadlock"
    public let summary = "threads wait for each other in a cycle of locks and joins (the wait-for graph)"

    /// The checker.
    public init() {}

    public func check(_ run: SimulationResult) -> [Violation] {
        guard case let .deadlock(graph) = run.outcome else { return [] }
        let cycle = graph.waitCycle
        guard cycle.count >= 2 else { return [] }
        let names = cycle.map { thread in graph.edges.first { $0.thread == thread }.map { "T\($0.thread) \($0.threadName)" } ?? "T\(thread)"
        }
        return [
            Violation(
                checker: name, kind: .deadlock,
                summary: "deadlock: " + (names + [names[0]]).joined(separator: " → "),
                details: graph.edges.map(\.description)
            )
        ]
    }
}
