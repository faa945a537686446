import LabRuntime

/// `lock-misuse`: a thread took a non-recursive lock it already held, so it waits for itself
/// forever (the simulator stalls it as a self-wait). Names the lock and where the thread
/// first took it.
public struct LockMisuseChecker: Checker {
    public let name = "lock-misuse"
    public let summary = "recursion on a non-recursive lock: a thread waits for a lock it holds"

    /// The checker.
    public init() {}

    public func check(_ run: SimulationResult) -> [Violation] {
        guard case let .deadlock(graph) = run.outcome else { return [] }
        return graph.edges.compactMap { edge in
            guard case let .lock(lock, lockClass, holder, _) = edge.target, holder == edge.thread else { return nil }
            let taken = run.trace.last { event in
                guard event.thread == edge.thread, case let .lockAcquire(acquired, _, depth) = event.kind else { return false }
                return acquired == lock && depth == 1
            }
            var details = ["T\(edge.thread) \(edge.threadName) waits for \(lock) (class \(lockClass)), which it already holds"]
            if let taken { details.append("it took \(lock) at #\(taken.sequence) and never released it") }
            if let waited = run.trace.last(where: { $0.thread == edge.thread && $0.name == "lock.wait" }) {
                details.append("then asked for it again at #\(waited.sequence)")
            }
            return Violation(
                checker: name, kind: .lockRecursion,
                summary: "recursion on non-recursive lock \(lock) by T\(edge.thread) \(edge.threadName)",
                details: details)
        }
    }
}
