import LabRuntime
import Synchronization

/// The state of dynamic partial-order reduction: the stack of choice points of the run being
/// explored, each with its backtrack, done and sleep sets, and the current run's events with
/// their vector clocks. After Flanagan and Godefroid, "Dynamic Partial-Order Reduction for
/// Model Checking Software" (POPL 2005), with Abdulla, Aronis, Jonsson and Sagonas's source
/// sets ("Optimal Dynamic Partial Order Reduction", POPL 2014): a race adds a thread to a
/// backtrack set only when no thread already there could start the reversed order.
///
/// Two transitions are dependent when they touch a common ``VisibleObject``: a lock, a
/// semaphore, a thread, a cell, a port set, a descriptor's channel, or a lab object's state
/// behind a ``VisibleMutex`` (a run loop's queue); two loads of one cell are not. A run is
/// followed as it happens: each transition that ends gets a vector clock, and each race
/// (a dependent transition of another thread that does not already happen before it) adds
/// a backtrack point at the earlier transition's choice point. Per cell the run keeps the
/// last write and the loads since: a load races with that write, a write with it and with
/// every one of those loads, and only what races orders the clocks. As in Flanagan and
/// Godefroid's algorithm, a thread's *next* transition counts too while it waits for a
/// lock, a semaphore or a join: every access to that object by another thread races with
/// it, which is what lets the search reach deadlocks, whose last steps never execute; a
/// thread asleep in a port-set wait waits for the set and its members' channels. Sleep sets carry the
/// transitions already explored from a choice point into its later branches while they stay
/// independent, so no two runs explore the same Mazurkiewicz trace twice (a run whose every
/// runnable thread is asleep is still finished, and counted, but not extended).
///
/// Memory is proportional to the depth of one run (times the number of threads, for the
/// vector clocks), whatever the number of runs.
final class DPORPath: Sendable {
    /// A choice point on the path.
    struct Node {
        /// The threads that could run, ascending.
        let enabled: [LabThreadID]
        /// The thread that reached the point.
        let current: LabThreadID
        /// The thread taken on this path.
        var chosen: LabThreadID
        /// Threads still to explore from here.
        var backtrack: [LabThreadID]
        /// Threads explored from here, with the objects their transition touched.
        var done: [(thread: LabThreadID, objects: [VisibleObject])]
        /// Transitions known to be covered by other branches when this point was reached.
        let sleep: [(thread: LabThreadID, objects: [VisibleObject])]
    }

    /// One transition of the current run.
    private struct Event {
        let thread: LabThreadID
        let objects: [VisibleObject]
        /// The choice point it was chosen at, or `nil` when it was the only runnable thread.
        let node: Int?
        /// Its vector clock: per thread, how many of its transitions happen before (or are) it.
        let clock: [Int]
    }

    /// The accesses to one location that a later access may race with: the last write (any
    /// access but a cell load), and the loads since, which do not race with each other.
    private struct History {
        var lastWrite: Int?
        var loads: [Int] = []

        /// The events an access races with if not ordered before it: the last write, and
        /// for a write the loads since.
        func racing(load: Bool) -> [Int] {
            (lastWrite.map { [$0] } ?? []) + (load ? [] : loads)
        }
    }

    private struct State {
        var nodes: [Node] = []
        /// Choice points passed in the current run.
        var depth = 0
        var events: [Event] = []
        /// Per thread: the clock of its last transition.
        var threadClocks: [[Int]] = []
        /// Per location (``VisibleObject/location``): the events that touched it and that a
        /// later access may race with.
        var history: [VisibleObject: History] = [:]
        /// Threads waiting at a point, with the objects their next transition will touch first.
        var pending: [(thread: LabThreadID, objects: [VisibleObject])] = []
        /// The sleep set in force at the current point of the run.
        var sleep: [(thread: LabThreadID, objects: [VisibleObject])] = []
        /// The choice point of the transition now running, if it was chosen at one.
        var runningNode: Int?
        /// Whether the run met a point where every runnable thread was asleep.
        var blocked = false
        var diverged = false
    }

    private let state = Mutex(State())
    /// The fixed choices the path starts with: a subtree below the search's frontier (see
    /// ``DPORFrontier``).
    private let prefix: [DPORFrontier.Choice]

    /// A path that starts with `prefix` and searches only below it: the prefix's choice
    /// points keep their one choice, and races never add backtrack points to them, because
    /// the frontier's other subtrees take every other thread there.
    init(prefix: [DPORFrontier.Choice] = []) {
        self.prefix = prefix
    }

    /// The choice point at `depth` of the last run, if it got that far: the threads that
    /// could run, awake (not asleep) in round-robin order from the thread that reached it,
    /// and the objects the transition taken there touched.
    func point(at depth: Int) -> (awake: [LabThreadID], objects: [VisibleObject])? {
        state.withLock { state in
            guard depth < state.nodes.count else { return nil }
            let node = state.nodes[depth]
            let awake = node.enabled.filter { thread in !node.sleep.contains { $0.thread == thread } }
            let order = awake.indices.map { ScheduleBound.roundRobin(awake, from: node.current, position: $0) }
            return (order, node.done.first { $0.thread == node.chosen }?.objects ?? [])
        }
    }

    /// Whether the last run ended in a point where every runnable thread was asleep: a
    /// schedule that repeats one already covered.
    var wasBlocked: Bool { state.withLock { $0.blocked } }

    /// Starts a run along the path.
    func rewind() {
        state.withLock { state in
            state.depth = 0
            state.events.removeAll(keepingCapacity: true)
            state.threadClocks.removeAll(keepingCapacity: true)
            state.history.removeAll(keepingCapacity: true)
            state.pending = []
            state.sleep = []
            state.runningNode = nil
            state.blocked = false
            state.diverged = false
        }
    }

    /// The choice at `decision`: the path's own while the run replays it; past it, the
    /// round-robin choice among the threads not asleep, pushed as a new choice point.
    /// `nil` when a replayed point differs from the recorded one.
    func choose(_ decision: SchedulingDecision) -> LabThreadID? {
        state.withLock { state in
            defer { state.depth += 1 }
            if state.depth < state.nodes.count {
                let node = state.nodes[state.depth]
                guard node.enabled == decision.enabled, node.current == decision.current else {
                    state.diverged = true
                    return nil
                }
                state.sleep = node.sleep + node.done.filter { $0.thread != node.chosen }
                state.runningNode = state.depth
                return node.chosen
            }
            if state.depth < prefix.count {
                let fixed = prefix[state.depth]
                guard decision.enabled.contains(fixed.thread) else {
                    state.diverged = true
                    return nil
                }
                state.sleep += fixed.asleep
            }
            let awake = decision.enabled.filter { thread in !state.sleep.contains { $0.thread == thread } }
            if awake.isEmpty { state.blocked = true }
            let candidates = awake.isEmpty ? decision.enabled : awake
            let chosen =
                state.depth < prefix.count
                ? prefix[state.depth].thread : ScheduleBound.roundRobin(candidates, from: decision.current, position: 0)
            state.nodes.append(
                Node(
                    enabled: decision.enabled, current: decision.current, chosen: chosen,
                    backtrack: [chosen], done: [], sleep: state.sleep))
            state.runningNode = state.depth
            return chosen
        }
    }

    /// Records the transition that just ended: its clock, its races, and what it does to
    /// the sleep set.
    func record(_ transition: Transition) {
        state.withLock { state in
            let node = state.runningNode
            state.runningNode = nil
            if let node, !state.nodes[node].done.contains(where: { $0.thread == transition.thread }) {
                state.nodes[node].done.append((transition.thread, transition.objects))
            }
            let thread = transition.thread
            while state.threadClocks.count <= thread { state.threadClocks.append([]) }
            var clock = state.threadClocks[thread]
            let accesses = Self.accesses(transition.objects)
            let racing = accesses.flatMap { location, load in state.history[location]?.racing(load: load) ?? [] }
            // Everything that happens before the transition, for the reversals of its races:
            // a write races with several loads, and each load's reversal must move whatever
            // leads to the others too.
            let predecessors = racing.reduce(clock) { Self.join($0, state.events[$1].clock) }
            for earlier in racing {
                let event = state.events[earlier]
                if event.thread != thread, Self.count(clock, event.thread) < Self.count(event.clock, event.thread) {
                    addBacktrack(race: earlier, with: thread, clockBefore: predecessors, state: &state)
                }
                clock = Self.join(clock, event.clock)
            }
            if clock.count <= thread { clock += Array(repeating: 0, count: thread + 1 - clock.count) }
            clock[thread] += 1
            let index = state.events.count
            state.events.append(Event(thread: thread, objects: transition.objects, node: node, clock: clock))
            state.threadClocks[thread] = clock
            for (location, load) in accesses {
                if load {
                    state.history[location, default: History()].loads.append(index)
                } else {
                    state.history[location] = History(lastWrite: index)
                }
            }
            state.pending.removeAll { $0.thread == thread }
            for waiter in state.pending where transition.isDependent(on: waiter.objects) {
                addBacktrack(race: index, with: waiter.thread, clockBefore: state.threadClocks[waiter.thread], state: &state)
            }
            for (location, load) in Self.accesses(transition.pending) {
                for earlier in state.history[location]?.racing(load: load) ?? []
                where state.events[earlier].thread != thread
                    && Self.count(clock, state.events[earlier].thread)
                        < Self.count(state.events[earlier].clock, state.events[earlier].thread)
                {
                    addBacktrack(race: earlier, with: thread, clockBefore: clock, state: &state)
                }
            }
            if !transition.pending.isEmpty { state.pending.append((thread, transition.pending)) }
            state.sleep.removeAll { $0.thread == thread || transition.isDependent(on: $0.objects) }
        }
    }

    /// Moves to the next branch: the deepest choice point with a backtrack thread neither
    /// done nor asleep there; `false` when there is none and the search is complete.
    func advance() -> Bool {
        state.withLock { state in
            while var node = state.nodes.popLast() {
                if let next = node.backtrack.first(where: { thread in
                    !node.done.contains { $0.thread == thread } && !node.sleep.contains { $0.thread == thread }
                }) {
                    node.chosen = next
                    state.nodes.append(node)
                    return true
                }
            }
            return false
        }
    }

    /// The race between event `earlier` and the transition of `thread` now ending (whose
    /// clock before joining is `clockBefore`): makes sure some thread that can start the
    /// reversed order is in the backtrack set of `earlier`'s choice point.
    ///
    /// The candidates are the *initials* of the events after `earlier` that do not depend
    /// on it and lead to the race (they happen before `thread`'s transition, whose clock of
    /// predecessors is `clockBefore`): the threads whose first such event has no predecessor
    /// among them, or `thread` itself when there is no such event.
    private func addBacktrack(race earlier: Int, with thread: LabThreadID, clockBefore: [Int], state: inout State) {
        guard let nodeIndex = state.events[earlier].node, nodeIndex >= prefix.count else { return }
        let racer = state.events[earlier]
        var initials: [LabThreadID] = []
        var firstIndex: [LabThreadID: Int] = [:]
        for index in (earlier + 1)..<state.events.count {
            let event = state.events[index]
            guard Self.count(event.clock, racer.thread) < Self.count(racer.clock, racer.thread),
                Self.count(clockBefore, event.thread) >= Self.count(event.clock, event.thread)
            else { continue }
            if firstIndex[event.thread] != nil { continue }
            firstIndex[event.thread] = index
            let hasPredecessor = firstIndex.contains { other, otherIndex in
                otherIndex < index && Self.count(event.clock, other) >= Self.count(state.events[otherIndex].clock, other)
            }
            if !hasPredecessor { initials.append(event.thread) }
        }
        // Every event listed happens before the transition, so its thread is an initial only
        // when none is.
        if firstIndex.isEmpty { initials.append(thread) }
        var node = state.nodes[nodeIndex]
        if initials.contains(where: { node.backtrack.contains($0) }) { return }
        if let pick = initials.first(where: { node.enabled.contains($0) }) {
            node.backtrack.append(pick)
        } else {
            for other in node.enabled where !node.backtrack.contains(other) { node.backtrack.append(other) }
        }
        state.nodes[nodeIndex] = node
    }

    /// The locations `objects` touch, each once, in order, with whether every access to it
    /// was a load.
    private static func accesses(_ objects: [VisibleObject]) -> [(location: VisibleObject, load: Bool)] {
        var result: [(location: VisibleObject, load: Bool)] = []
        for object in objects {
            if let known = result.firstIndex(where: { $0.location == object.location }) {
                result[known].load = result[known].load && object.isLoad
            } else {
                result.append((object.location, object.isLoad))
            }
        }
        return result
    }

    private static func count(_ clock: [Int], _ thread: LabThreadID) -> Int {
        thread < clock.count ? clock[thread] : 0
    }

    private static func join(_ a: [Int], _ b: [Int]) -> [Int] {
        var result = a.count >= b.count ? a : b
        for index in 0..<min(a.count, b.count) { result[index] = max(a[index], b[index]) }
        return result
    }
}

/// The strategy a DPOR search runs with: it asks the ``DPORPath`` and reports every
/// transition to it.
struct DPORStrategy: SchedulingStrategy {
    let path: DPORPath

    var observesTransitions: Bool { true }

    mutating func choose(_ decision: SchedulingDecision) -> LabThreadID {
        path.choose(decision) ?? -1
    }

    /// `false`: the path goes by the enabled threads and the transitions alone.
    var readsPointLabels: Bool { false }

    mutating func transitionEnded(_ transition: Transition) {
        path.record(transition)
    }
}
