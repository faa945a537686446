import LabRuntime

extension WaitForGraph {
    /// The thread `thread` waits for, if it waits for a thread: a lock's holder or a joined
    /// thread. Semaphores and idle run loops have no one to wait for.
    func waitsFor(_ thread: LabThreadID) -> LabThreadID? {
        switch edges.first(where: { $0.thread == thread })?.target {
        case let .lock(_, _, holder, _)?: holder
        case let .join(other, _)?: other
        default: nil
        }
    }

    /// The threads in a cycle of lock and join waits, in order from the first one met when
    /// walking from the lowest-numbered thread; empty when there is none. A cycle of one
    /// thread is a thread waiting for a lock it holds.
    var waitCycle: [LabThreadID] {
        for start in edges.map(\.thread) {
            var path: [LabThreadID] = []
            var node = start
            while let next = waitsFor(node) {
                if let loopStart = path.firstIndex(of: node) { return Array(path[loopStart...]) }
                path.append(node)
                node = next
            }
        }
        return []
    }

    /// Whether `thread`'s chain of waits reaches a thread in `cycle`.
    func leads(_ thread: LabThreadID, into cycle: [LabThreadID]) -> Bool {
        var node: LabThreadID? = thread
        var seen: [LabThreadID] = []
        while let current = node, !seen.contains(current) {
            if cycle.contains(current) { return true }
            seen.append(current)
            node = waitsFor(current)
        }
        return false
    }
}
