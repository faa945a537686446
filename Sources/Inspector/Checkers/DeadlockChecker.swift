import LabRuntime

/// `deadlock`: the run stalled with two or more threads waiting for each other in a cycle
/// over every blocking primitive: locks, joins, and semaphores whose signaller the trace
/// names (`waitUntilDone`, `dispatch_sync`, a semaphore another thread signalled before).
/// Reports the wait-for graph and the cycle, one wait per line. A thread waiting for a lock
/// it already holds is ``LockMisuseChecker``'s, and a thread stuck on a semaphore nothing
/// will signal is ``LivenessChecker``'s.
public struct DeadlockChecker: Checker {
    public let name = "deadlock"
    public let summary = "threads wait for each other in a cycle of locks, semaphores and joins (the wait-for graph)"

    /// The checker.
    public init() {}

    /// Only a run that ended in a deadlock: no other run can show what it looks for.
    public func readsTrace(endingWith outcome: SimulationOutcome) -> Bool { outcome.isDeadlock }

    public func check(_ run: SimulationResult) -> [Violation] {
        guard case let .deadlock(graph) = run.outcome else { return [] }
        let cycle = graph.waitCycle(in: run.trace)
        guard cycle.count >= 2 else { return [] }
        let edges = cycle.compactMap { thread in graph.edges.first { $0.thread == thread } }
        let names = edges.map { "T\($0.thread) \($0.threadName)" }
        var steps: [String] = []
        for edge in edges {
            guard case let .semaphore(semaphore) = edge.target,
                let signaller = WaitForGraph.semaphoreSignaller(semaphore, waiter: edge.thread, in: run.trace)
            else {
                steps.append("  " + edge.description)
                continue
            }
            steps.append("  T\(edge.thread) \(edge.threadName) waits on semaphore \(semaphore), which T\(signaller) would signal")
        }
        let throughSemaphore = edges.contains { if case .semaphore = $0.target { true } else { false } }
        return [
            Violation(
                checker: name, kind: .deadlock,
                summary: "deadlock: " + (names + [names[0]]).joined(separator: " → "),
                details: graph.edges.map(\.description) + (throughSemaphore ? ["cycle through a semaphore:"] + steps : [])
            )
        ]
    }
}
