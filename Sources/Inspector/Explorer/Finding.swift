import LabRuntime

/// The violation an exploration found, after shrinking.
public struct Finding: Sendable {
    /// The violating run as the search met it.
    public let original: ExploredRun
    /// The shrunk run: the schedule to show and replay.
    public let run: SimulationResult
    /// What the checkers say about the shrunk run; the first is the one that was shrunk for.
    public let violations: [Violation]
    /// How many replays shrinking took.
    public let shrinkReplays: Int
    /// Whether shrinking stopped because it had used all its replays
    /// (``Explorer/shrinkBudget``): a smaller schedule may then exist.
    public let shrinkBudgetSpent: Bool
    /// For a lock-order inversion: the search for a schedule that really deadlocks.
    public let confirmation: Confirmation?
    /// For a data race: a run of the shrunk one, reordered so that the two racing accesses
    /// are adjacent (see ``Violation/race``); `nil` for other violations or when no
    /// reordering brings them together.
    public let adjacentRace: SimulationResult?

    /// The follow-up search for a real deadlock behind a lock-order inversion.
    public struct Confirmation: Sendable {
        /// The search strategy used.
        public let strategy: ExplorationStrategy
        /// The schedules it ran.
        public let explored: Int
        /// The deadlocking run, shrunk, if one was found.
        public let run: SimulationResult?
        /// The deadlock, as the deadlock checker reports it.
        public let violation: Violation?
    }
}
