import LabRuntime

/// A level of `runloop-lab challenge` for the HTML player's `challenge` mode: the tree of
/// the learner's choices, computed in Swift by running the simulation, which the page walks
/// as the learner picks the next thread at each scheduling point (the terminal game's
/// `SchedulingDecision`s, CFRunLoop-free: the page runs nothing itself).
///
/// Node 0 is the start. Each node holds the events from its parent's choice point to its
/// own, the panels' changes over those events, and either a choice (the runnable threads,
/// each leading to a child node, or to none when the page does not hold that branch) or the
/// end of the run with its verdict.
public struct PlayerChallenge: Sendable {
    /// One runnable thread at a choice point.
    public struct Option: Sendable {
        /// The thread.
        public let thread: LabThreadID
        /// What it would do next, in words (`lock L1 a`).
        public let next: String
        /// The node the pick leads to, or nil when the page does not hold it.
        public let child: Int?

        /// An option to run `thread`, which would do `next`, leading to `child`.
        public init(thread: LabThreadID, next: String, child: Int?) {
            self.thread = thread
            self.next = next
            self.child = child
        }
    }

    /// One node of the tree.
    public struct Node: Sendable {
        /// The events since the parent's choice point (from the start for node 0).
        public var events: [TraceEvent]
        /// The code panel's lines after each of ``events`` (see ``PlayerExtras/code``).
        public var code: [[String]]
        /// The panels' changes over ``events``, one position per event (node 0 also
        /// records position 0, before any event).
        public var panels: [PlayerPanel]
        /// The thread that ran last, which the default choice keeps going, or nil at the end.
        public var current: LabThreadID?
        /// The runnable threads at the node's choice point; empty at the end of the run.
        public var options: [Option]
        /// The learner's schedule up to here, as `replay --schedule` takes it.
        public var schedule: String
        /// Whether the run ended with the goal reached.
        public var won: Bool
        /// At the end: what to say (the verdict, the schedule, the replay command).
        public var ending: [String]

        /// A node with these parts.
        public init(
            events: [TraceEvent], code: [[String]], panels: [PlayerPanel], current: LabThreadID?, options: [Option], schedule: String,
            won: Bool, ending: [String]
        ) {
            self.events = events
            self.code = code
            self.panels = panels
            self.current = current
            self.options = options
            self.schedule = schedule
            self.won = won
            self.ending = ending
        }
    }

    /// The level's goal, shown above the choices.
    public var goal: String
    /// What the page holds of the level's schedules (its bound), shown under the goal.
    public var bound: String
    /// Every thread met in any node, with its name.
    public var threads: [(id: LabThreadID, name: String)]
    /// The nodes; node 0 is the start.
    public var nodes: [Node]
    /// An explanation of an event, as ``PlayerExtras/explanation``.
    public var explanation: @Sendable (TraceEvent) -> String?

    /// A challenge with `goal`, `bound`, `threads`, `nodes` and `explanation`.
    public init(
        goal: String, bound: String, threads: [(id: LabThreadID, name: String)], nodes: [Node],
        explanation: @escaping @Sendable (TraceEvent) -> String? = { _ in nil }
    ) {
        self.goal = goal
        self.bound = bound
        self.threads = threads
        self.nodes = nodes
        self.explanation = explanation
    }
}
