import LabRuntime

/// `lock-misuse`: a thread took a non-recursive lock it already held, so it waits for itself
/// forever (the simulator stalls it as a self-wait), or a thread released a lock it does not
/// hold (`-[NSLock unlock]` from the wrong thread; the runtime leaves the lock as it is and
/// traces `lock.release-unheld`). Names the lock, the thread and, for an unlock, the holder.
public struct LockMisuseChecker: Checker {
    public let name = "lock-misuse"
    public let summary = "recursion on a non-recursive lock, or an unlock by a thread that does not hold the lock"

    /// The checker.
    public init() {}

    public func check(_ run: SimulationResult) -> [Violation] {
        unheldReleases(in: run) + recursions(in: run)
    }

    /// One violation per `lock.release-unheld` event, in trace order. Events are read in
    /// place: copying each would retain and release every string it holds; the (rare)
    /// positions of such events are found first among the lock events.
    private func unheldReleases(in run: SimulationResult) -> [Violation] {
        let trace = run.trace
        return run.lockEventPositions.filter { position in
            if case .lockReleaseUnheld = trace[position].kind { true } else { false }
        }.compactMap { position in
            guard case let .lockReleaseUnheld(lock, holder) = trace[position].kind else { return nil }
            let event = trace[position]
            let who = "T\(event.thread) \(event.threadName)"
            var details: [String] = []
            var holderText = "nobody"
            if let holder {
                holderText = "T\(holder)" + (trace.first { $0.thread == holder }.map { " \($0.threadName)" } ?? "")
                let taken = trace[..<event.sequence].last { candidate in
                    guard candidate.thread == holder, case let .lockAcquire(acquired, _, depth) = candidate.kind else { return false }
                    return acquired == lock && depth == 1
                }
                if let taken { details.append("\(holderText) took \(lock) at #\(taken.sequence) and still holds it") }
            }
            details.insert("\(who) unlocked \(lock) at #\(event.sequence); \(holderText) holds it", at: 0)
            details.append(
                "the lock was left as it was (pthread answers EPERM; NSLock logs \"unlocked from thread which did not lock it\")")
            return Violation(
                checker: name, kind: .unheldUnlock,
                summary: "unlock of \(lock) by \(who), which does not hold it (\(holderText) does)",
                details: details)
        }
    }

    /// One violation per thread of a stalled run that waits for a lock it holds itself.
    private func recursions(in run: SimulationResult) -> [Violation] {
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
