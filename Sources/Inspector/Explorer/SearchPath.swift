import LabRuntime
import Synchronization

/// The stack of choice points of the run being explored by depth-first search, after
/// loom's `rt::path::Path`: one small entry per choice point of one run (how many threads
/// could run, the round-robin position taken, the cost so far), so that the search's memory
/// is proportional to the depth of one run, whatever the number of threads or schedules.
///
/// A run replays the stack's choices, then takes the round-robin choice at every new choice
/// point and pushes it. ``advance(within:)`` then moves the deepest entry that has an
/// affordable alternative to it and drops everything above: the next run's path.
final class SearchPath: Sendable {
    /// One choice point on the path.
    struct Entry {
        /// The thread that reached the point, to check that a replay meets the same point.
        let current: Int32
        /// How many threads could run there.
        let count: Int32
        /// The position in the round-robin order taken on this path.
        var position: Int32
        /// What the choices before this point cost.
        let costBefore: Int32

        /// This point with the choice at `position`.
        func taking(_ position: Int) -> Entry {
            Entry(current: current, count: count, position: Int32(position), costBefore: costBefore)
        }
    }

    private struct State {
        var entries: [Entry] = []
        /// How many entries the current run has passed.
        var depth = 0
        /// What the current run's choices cost so far.
        var cost = 0
        /// Whether the bound has cut off an alternative since the path was made.
        var pruned = false
    }

    private let bound: ScheduleBound
    private let state: Mutex<State>
    /// How many entries at the bottom of the stack are fixed: the subtree's root.
    private let floor: Int

    /// A path whose first choices are `prefix` (empty by default): the first run replays
    /// them, then takes the round-robin choice everywhere, and ``advance(within:)`` explores
    /// only the paths that begin with `prefix`.
    init(bound: ScheduleBound, prefix: [Entry] = []) {
        self.bound = bound
        state = Mutex(State(entries: prefix))
        floor = prefix.count
    }

    /// The choice points of the path, bottom first.
    var entries: [Entry] { state.withLock { $0.entries } }

    /// What the last run's choices cost.
    var cost: Int { state.withLock { $0.cost } }

    /// Whether the bound has cut off any alternative: if not, a higher bound would find
    /// nothing new.
    var wasPruned: Bool { state.withLock { $0.pruned } }

    /// How many choice points the path holds.
    var depth: Int { state.withLock { $0.entries.count } }

    /// Starts a run along the path.
    func rewind() {
        state.withLock { state in
            state.depth = 0
            state.cost = 0
        }
    }

    /// The choice at `decision`: the path's own while the run replays it, then the
    /// round-robin choice, pushed. A replayed point reached by another thread or with another
    /// number of runnable threads returns `nil`: the scenario did not repeat itself.
    func choose(_ decision: SchedulingDecision) -> LabThreadID? {
        state.withLock { state in
            defer { state.depth += 1 }
            if state.depth < state.entries.count {
                let entry = state.entries[state.depth]
                guard entry.current == decision.current, entry.count == decision.enabled.count else { return nil }
                state.cost = Int(entry.costBefore) + bound.cost(ofPosition: Int(entry.position))
                return ScheduleBound.roundRobin(decision.enabled, from: decision.current, position: Int(entry.position))
            }
            state.entries.append(
                Entry(
                    current: Int32(decision.current), count: Int32(decision.enabled.count),
                    position: 0, costBefore: Int32(state.cost)))
            return ScheduleBound.roundRobin(decision.enabled, from: decision.current, position: 0)
        }
    }

    /// Moves to the next path in depth-first order whose cost stays within `limit`;
    /// `false` when every path has been taken.
    func advance(within limit: Int) -> Bool {
        state.withLock { state in
            while state.entries.count > floor, var entry = state.entries.popLast() {
                let next = Int(entry.position) + 1
                guard next < entry.count else { continue }
                if Int(entry.costBefore) + bound.cost(ofPosition: next) <= limit {
                    entry.position = Int32(next)
                    state.entries.append(entry)
                    return true
                }
                state.pruned = true
            }
            return false
        }
    }
}

/// The strategy a bounded search runs with: it asks the ``SearchPath``, and ends the run
/// as diverged (an impossible choice) when the scenario did not repeat itself.
struct SearchPathStrategy: SchedulingStrategy {
    let path: SearchPath

    mutating func choose(_ decision: SchedulingDecision) -> LabThreadID {
        path.choose(decision) ?? -1
    }

    /// `false`: the path goes by the enabled threads and the running one alone.
    var readsPointLabels: Bool { false }
}
