import LabRuntime

/// The lockdep graph of one trace: an edge `A → B` between lock classes for every time a
/// thread asked for a lock of class `B` while holding one of class `A`, with where it was
/// first seen.
///
/// An acquisition counts from the moment it is asked for (a `lock.wait` or a `lock.acquire`
/// at depth 1), as lockdep does, so a run that deadlocked still contributes the edges it was
/// stuck on. Re-entering a recursive lock adds nothing. Edges and classes keep first-seen
/// order, so everything derived from the graph is deterministic.
struct LockOrderGraph: Sendable {
    /// One ordering between two lock classes, as first observed.
    public struct Edge: Sendable, Equatable {
        /// The class that was held.
        public let from: String
        /// The class that was asked for.
        public let to: String
        /// The thread that did it.
        public let thread: LabThreadID
        /// Its name.
        public let threadName: String
        /// The held lock, e.g. `"L0 A"`.
        public let heldLock: String
        /// Where the held lock was taken.
        public let heldSince: Int
        /// The lock asked for.
        public let lock: String
        /// Where it was asked for: the sequence number of the `lock.wait` or `lock.acquire`.
        public let sequence: Int

        /// `"A → B first seen at #14: T1 ab asked for L1 B holding L0 A (taken at #11)"`.
        public var explanation: String {
            "\(from) → \(to) first seen at #\(sequence): T\(thread) \(threadName) asked for \(lock) "
                + "while holding \(heldLock) (taken at #\(heldSince))"
        }
    }

    /// Every class pair ordering, in first-seen order.
    public private(set) var edges: [Edge] = []

    /// A lock a thread holds: the threads' held locks share one list, each thread's in the
    /// order it took them, so that reading a trace allocates one list however many threads
    /// take locks.
    private struct Held {
        let thread: LabThreadID
        let lock: String
        let lockClass: String
        let since: Int
    }

    /// What a lock event does to the graph.
    private enum Step {
        /// The thread asks for `lock` of `lockClass`, and holds it from then on if `takes`.
        case ask(lock: String, lockClass: String, takes: Bool)
        /// The thread lets go of `lock`.
        case release(lock: String)

        /// The step of an event of `kind`, if it is one. Reading the kind in place here
        /// retains only the names the step keeps, where binding them where the trace is read
        /// would copy every value of the event.
        init?(_ kind: TraceEvent.Kind) {
            switch kind {
            case let .lockWait(lock, lockClass, _): self = .ask(lock: lock, lockClass: lockClass, takes: false)
            case let .lockAcquire(lock, lockClass, depth) where depth == 1:
                self = .ask(lock: lock, lockClass: lockClass, takes: true)
            case let .lockRelease(lock, depth) where depth == 1: self = .release(lock: lock)
            default: return nil
            }
        }
    }

    /// The graph of `run`'s trace, from its lock events.
    public init(of run: SimulationResult) {
        let trace = run.trace
        var held: [Held] = []
        for position in run.lockEventPositions {
            switch Step(trace[position].kind) {
            case let .ask(lock, lockClass, takes):
                ask(lock, lockClass, at: position, of: trace, holding: held)
                if takes {
                    // Room for a few at the first, so that the list is allocated once.
                    if held.isEmpty { held.reserveCapacity(8) }
                    held.append(Held(thread: trace[position].thread, lock: lock, lockClass: lockClass, since: trace[position].sequence))
                }
            case let .release(lock):
                let thread = trace[position].thread
                if let index = held.lastIndex(where: { $0.thread == thread && $0.lock == lock }) { held.remove(at: index) }
            case nil:
                break
            }
        }
    }

    /// Adds the edges from the classes the thread of `trace[position]` holds to `lockClass`,
    /// which it asks for there.
    private mutating func ask(_ lock: String, _ lockClass: String, at position: Int, of trace: [TraceEvent], holding: [Held]) {
        let thread = trace[position].thread
        for outer in holding where outer.thread == thread && outer.lock != lock {
            guard !edges.contains(where: { $0.from == outer.lockClass && $0.to == lockClass }) else { continue }
            edges.append(
                Edge(
                    from: outer.lockClass, to: lockClass, thread: thread, threadName: trace[position].threadName,
                    heldLock: outer.lock, heldSince: outer.since, lock: lock, sequence: trace[position].sequence))
        }
    }

    /// Every cycle of classes, each as its edges in order (`A → B`, `B → A`), found from the
    /// edges in first-seen order and reported once however it is rotated. A class nested in
    /// itself (two locks of one class) is a cycle of one edge.
    public var cycles: [[Edge]] {
        var found: [[Edge]] = []
        var seen: [[Int]] = []
        for (index, edge) in edges.enumerated() {
            guard let path = path(from: edge.to, to: edge.from) else { continue }
            let cycle = [index] + path
            let key = cycle.sorted()
            guard !seen.contains(key) else { continue }
            seen.append(key)
            found.append(cycle.map { edges[$0] })
        }
        return found
    }

    /// The shortest chain of edge indices leading from class `start` to class `goal`
    /// (empty when they are the same class), breadth first in first-seen order.
    private func path(from start: String, to goal: String) -> [Int]? {
        if start == goal { return [] }
        // Most classes lead nowhere: nothing to search, and nothing to allocate for it.
        guard edges.contains(where: { $0.from == start }) else { return nil }
        var previous: [String: Int] = [:]
        var frontier = [start]
        var visited = [start]
        while !frontier.isEmpty {
            var next: [String] = []
            for node in frontier {
                for (index, edge) in edges.enumerated() where edge.from == node && !visited.contains(edge.to) {
                    visited.append(edge.to)
                    previous[edge.to] = index
                    if edge.to == goal {
                        var chain: [Int] = []
                        var cursor = goal
                        while cursor != start, let step = previous[cursor] {
                            chain.insert(step, at: 0)
                            cursor = edges[step].from
                        }
                        return chain
                    }
                    next.append(edge.to)
                }
            }
            frontier = next
        }
        return nil
    }
}
