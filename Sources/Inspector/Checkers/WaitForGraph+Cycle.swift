import LabRuntime

extension WaitForGraph {
    /// The thread `thread` waits for, if it waits for a thread, reading `trace` for who would
    /// signal a semaphore: a lock's holder, a joined thread, or a semaphore's signaller (see
    /// ``semaphoreSignaller(_:waiter:in:)``). Idle run loops have no one to wait for.
    func waitsFor(_ thread: LabThreadID, in trace: [TraceEvent]) -> LabThreadID? {
        switch edges.first(where: { $0.thread == thread })?.target {
        case let .lock(_, _, holder, _)?: holder
        case let .join(other, _)?: other
        case let .semaphore(name)?: Self.semaphoreSignaller(name, waiter: thread, in: trace)
        default: nil
        }
    }

    /// The thread that would signal the semaphore `name` that `waiter` waits on, if the trace
    /// tells: for `waitUntilDone` (`performSelector:onThread:withObject:waitUntilDone:`) and
    /// `dispatch_sync`, the thread the block was queued on, which signals once it has run
    /// it; for any other semaphore, the last other thread that signalled it.
    static func semaphoreSignaller(_ name: String, waiter: LabThreadID, in trace: [TraceEvent]) -> LabThreadID? {
        for prefix in ["waitUntilDone ", "dispatch_sync "] where name.hasPrefix(prefix) {
            let label = String(name.dropFirst(prefix.count))
            return trace.last { event in
                if case let .performEnqueued(enqueued, _, _) = event.kind { enqueued == label } else { false }
            }.flatMap { event in
                if case let .performEnqueued(_, target, _) = event.kind, target != waiter { target } else { nil }
            }
        }
        return trace.last { event in
            if case let .semaphoreSignal(signalled) = event.kind { signalled == name && event.thread != waiter } else { false }
        }?.thread
    }

    /// The threads in a cycle of waits (locks, joins and semaphores whose signaller is known),
    /// in order from the first one met when walking from the lowest-numbered thread; empty
    /// when there is none. A cycle of one thread is a thread waiting for a lock it holds.
    func waitCycle(in trace: [TraceEvent]) -> [LabThreadID] {
        for start in edges.map(\.thread) {
            var path: [LabThreadID] = []
            var node = start
            while let next = waitsFor(node, in: trace) {
                if let loopStart = path.firstIndex(of: node) { return Array(path[loopStart...]) }
                path.append(node)
                node = next
            }
        }
        return []
    }

    /// Whether `thread`'s chain of waits reaches a thread in `cycle`.
    func leads(_ thread: LabThreadID, into cycle: [LabThreadID], in trace: [TraceEvent]) -> Bool {
        var node: LabThreadID? = thread
        var seen: [LabThreadID] = []
        while let current = node, !seen.contains(current) {
            if cycle.contains(current) { return true }
            seen.append(current)
            node = waitsFor(current, in: trace)
        }
        return false
    }
}
