import LabRuntime
import Synchronization

/// The thread names an `interleave` line queued, shared between the main thread that arms
/// them and the strategy that follows them.
///
/// The plan learns thread names as the scenario creates threads (declared threads, the
/// server) and from the trace's `thread.start` events (threads the library creates, such as
/// AFNetworking's), so a library thread can be named once it has started; until then an
/// entry naming it waits. Entries may also name a thread by number, `T2`.
final class InterleavingPlan: Sendable {
    private struct Entry {
        let name: String
        let line: Int
    }

    private struct State {
        var pending: [Entry] = []
        /// Thread names by id, as they start.
        var names: [String?] = []
    }

    private let state = Mutex(State())

    /// Queues `names`, after any still pending.
    func arm(_ names: [String], line: Int) {
        state.withLock { $0.pending += names.map { Entry(name: $0, line: line) } }
    }

    /// Records that thread `id` is called `name`.
    func learnName(of id: LabThreadID, _ name: String) {
        state.withLock { state in
            // Room for a run's usual threads made at once, rather than grown into one by one.
            if state.names.isEmpty { state.names.reserveCapacity(max(id + 1, 8)) }
            while state.names.count <= id { state.names.append(nil) }
            state.names[id] = name
        }
    }

    /// The thread the next pending entry names, if it is among `enabled`; the entry is then
    /// used up. Nil when nothing is pending or the named thread cannot run at this point.
    func choose(among enabled: [LabThreadID]) -> LabThreadID? {
        state.withLock { state in
            guard let next = state.pending.first else { return nil }
            let names = state.names
            let chosen = enabled.first { id in
                next.name == "T\(id)" || (id < names.count && names[id] == next.name)
            }
            if chosen != nil { state.pending.removeFirst() }
            return chosen
        }
    }

    /// The entries never used, as problems of their lines.
    var leftOver: [ScenarioProblem] {
        state.withLock { state in
            state.pending.map {
                ScenarioProblem(
                    line: $0.line,
                    message: "interleave: '\($0.name)' never got its turn (no thread of that name could run at a later choice)")
            }
        }
    }
}
