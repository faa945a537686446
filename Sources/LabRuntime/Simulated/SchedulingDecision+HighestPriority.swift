extension SchedulingDecision {
    /// The first enabled thread whose `priority` is highest, asking `priority` once per
    /// thread, in the order of ``enabled``: how priority-based strategies (PCT, POS) choose.
    func highestPriority<Priority: Comparable>(_ priority: (LabThreadID) -> Priority) -> LabThreadID {
        var best = enabled[0]
        var bestPriority = priority(best)
        for thread in enabled.dropFirst() {
            let candidate = priority(thread)
            if candidate > bestPriority {
                best = thread
                bestPriority = candidate
            }
        }
        return best
    }
}
