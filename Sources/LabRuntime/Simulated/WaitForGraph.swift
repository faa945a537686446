/// Who waits for what when a simulation can go no further: the deadlock report.
public struct WaitForGraph: Sendable, Equatable, CustomStringConvertible {
    /// What one blocked thread waits for.
    public enum Target: Sendable, Equatable {
        /// A lock and the thread holding it.
        case lock(name: String, lockClass: String, holder: LabThreadID, holderName: String)
        /// A semaphore nobody will signal.
        case semaphore(name: String)
        /// Another thread's exit.
        case join(thread: LabThreadID, threadName: String)
        /// A port set with no deadline: idle in its run loop.
        case ports
    }

    /// One thread that cannot run.
    public struct Edge: Sendable, Equatable, CustomStringConvertible {
        /// The blocked thread.
        public let thread: LabThreadID
        /// Its name.
        public let threadName: String
        /// What it waits for.
        public let target: Target

        public var description: String {
            let who = "T\(thread) \(threadName)"
            switch target {
            case let .lock(name, _, holder, holderName):
                return holder == thread
                    ? "\(who) waits for lock \(name), which it already holds (recursion on a non-recursive lock)"
                    : "\(who) waits for lock \(name), held by T\(holder) \(holderName)"
            case let .semaphore(name): return "\(who) waits on semaphore \(name), which nothing will signal"
            case let .join(other, otherName): return "\(who) waits for T\(other) \(otherName) to exit"
            case .ports: return "\(who) is idle in its run loop"
            }
        }
    }

    /// Every thread that has not exited, in id order.
    public let edges: [Edge]

    /// The threads in a cycle of lock waits, in order, starting from the lowest id; empty
    /// when the deadlock is not a lock cycle (a lost semaphore signal, say).
    public var lockCycle: [LabThreadID] {
        for start in edges.map(\.thread) {
            var path: [LabThreadID] = []
            var node = start
            while case let .lock(_, _, holder, _)? = edges.first(where: { $0.thread == node })?.target {
                if let loopStart = path.firstIndex(of: node) { return Array(path[loopStart...]) }
                path.append(node)
                node = holder
            }
        }
        return []
    }

    public var description: String {
        var lines = edges.map(\.description)
        let cycle = lockCycle
        if !cycle.isEmpty {
            lines.append("cycle: " + (cycle + [cycle[0]]).map { "T\($0)" }.joined(separator: " → "))
        }
        return lines.joined(separator: "\n")
    }
}
