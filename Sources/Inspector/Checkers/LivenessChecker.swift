import LabRuntime

/// `liveness`: nothing can ever run again and some thread is blocked forever outside any
/// wait cycle: on a semaphore nothing will signal (a lost signal), or joining a thread that
/// idles forever. Lists every such thread, the reason, and the last thing it did, root
/// causes (threads that wait for no other thread) first. Threads idle in their run loops
/// are fine: that is quiescence.
public struct LivenessChecker: Checker {
    public let name = "liveness"
    public let summary = "at the end, threads blocked forever outside any cycle, with the reason"

    /// The checker.
    public init() {}

    /// Only a run that ended in a deadlock: no other run can show what it looks for.
    public func readsTrace(endingWith outcome: SimulationOutcome) -> Bool { outcome.isDeadlock }

    public func check(_ run: SimulationResult) -> [Violation] {
        guard case let .deadlock(graph) = run.outcome else { return [] }
        let cycle = graph.waitCycle(in: run.trace)
        let blocked = graph.edges.filter { edge in
            edge.target != .ports && !graph.leads(edge.thread, into: cycle, in: run.trace)
        }
        let waitsForNoOne = { (edge: WaitForGraph.Edge) in graph.waitsFor(edge.thread, in: run.trace) == nil }
        let stuck = blocked.filter(waitsForNoOne) + blocked.filter { !waitsForNoOne($0) }
        guard !stuck.isEmpty else { return [] }
        var details: [String] = []
        for edge in stuck {
            details.append(edge.description)
            if let last = run.trace.last(where: { $0.thread == edge.thread && $0.name != "schedule" }) {
                details.append("  last event: \(last)")
            }
        }
        let first = stuck[0]
        return [
            Violation(
                checker: name, kind: .stuckThread,
                summary: "T\(first.thread) \(first.threadName) is blocked forever"
                    + (stuck.count > 1 ? " (and \(stuck.count - 1) more)" : ""),
                details: details)
        ]
    }
}
