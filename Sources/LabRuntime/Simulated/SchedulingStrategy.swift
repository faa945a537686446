/// Chooses which lab thread runs next at a scheduling point of a ``Simulation``.
///
/// A strategy sees only points where more than one thread can run. It must be
/// deterministic given its own state (a seed, a schedule to replay), so that the same
/// strategy reproduces the same run. `random` and `replay` live here and `pct` in
/// ``PCTStrategy``; the Inspector's explorer drives bounded exhaustive search through the
/// same interface.
public protocol SchedulingStrategy: Sendable {
    /// The thread to run next; it must be one of `decision.enabled`, or the run ends as
    /// ``SimulationOutcome/replayDiverged(step:wanted:enabled:)``.
    mutating func choose(_ decision: SchedulingDecision) -> LabThreadID

    /// Whether the strategy wants ``transitionEnded(_:)`` calls; only then does the
    /// simulation record what each transition touches. `false` by default.
    var observesTransitions: Bool { get }

    /// Called at every scheduling point, before any choice there, with the transition that
    /// just ended (when ``observesTransitions``). Does nothing by default.
    mutating func transitionEnded(_ transition: Transition)

    /// Whether ``choose(_:)`` reads ``SchedulingDecision/point``. When it does not and the
    /// run records no trace, the simulation hands it an empty label rather than make the
    /// label at every choice. `true` by default.
    var readsPointLabels: Bool { get }
}

extension SchedulingStrategy {
    public var observesTransitions: Bool { false }

    public mutating func transitionEnded(_ transition: Transition) {}

    public var readsPointLabels: Bool { true }
}

/// What a ``SchedulingStrategy`` knows when it chooses.
public struct SchedulingDecision: Sendable, Equatable {
    /// The number of the scheduling point in this run, from 0.
    public let step: Int
    /// The threads that can run, in ascending id order (at least two).
    public internal(set) var enabled: [LabThreadID]
    /// The thread that reached the point.
    public let current: LabThreadID
    /// The choice that costs no preemption: `current` if it can go on, else the lowest enabled.
    public let defaultChoice: LabThreadID
    /// What the point is, e.g. `"lock L2 B"`, its text made only when read.
    public internal(set) var point: SchedulingPointLabel
    /// What each thread of ``enabled`` (same order) does if chosen: see the contract on
    /// ``VisibleOperation``. Partial-order reduction compares these with
    /// ``VisibleOperation/isDependent(on:)``.
    public let nextOperations: [VisibleOperation]

    /// A decision at point `step` among `enabled`, whose next operations are
    /// `nextOperations` (empty when unknown, as in a hand-made decision).
    public init(
        step: Int, enabled: [LabThreadID], current: LabThreadID, defaultChoice: LabThreadID,
        label: SchedulingPointLabel, nextOperations: [VisibleOperation] = []
    ) {
        self.step = step
        self.enabled = enabled
        self.current = current
        self.defaultChoice = defaultChoice
        point = label
        self.nextOperations = nextOperations
    }

    /// The text of ``point``, e.g. `"lock L2 B"`.
    public var label: String { point.description }

    /// The next operation of `thread`, one of ``enabled``, if known.
    public func nextOperation(of thread: LabThreadID) -> VisibleOperation? {
        enabled.firstIndex(of: thread).flatMap { $0 < nextOperations.count ? nextOperations[$0] : nil }
    }

    /// Moves ``enabled`` and ``point`` out, leaving them empty: for the simulation, which
    /// hands them on to the `schedule` trace event once the strategy has chosen, rather than
    /// copying them.
    mutating func takeListAndLabel() -> ([LabThreadID], SchedulingPointLabel) {
        var list: [LabThreadID] = []
        var label = SchedulingPointLabel("")
        swap(&list, &enabled)
        swap(&label, &point)
        return (list, label)
    }
}

/// Uniformly random choices from a seeded ``SplitMix64``: `random(seed)`.
public struct RandomStrategy: SchedulingStrategy {
    private var generator: SplitMix64

    /// A strategy whose choices are determined by `seed`.
    public init(seed: UInt64) { generator = SplitMix64(seed: seed) }

    public mutating func choose(_ decision: SchedulingDecision) -> LabThreadID {
        choose(from: decision.enabled)
    }

    /// The choice among `enabled` (at least two threads) that ``choose(_:)`` makes: what a
    /// ``Simulation`` asks directly, with no decision made.
    @inline(__always) mutating func choose(from enabled: [LabThreadID]) -> LabThreadID {
        enabled[Int(generator.next() % UInt64(enabled.count))]
    }

    /// `false`: a random choice does not depend on what the point is.
    public var readsPointLabels: Bool { false }
}

/// Replays a recorded ``Schedule``: `replay(schedule)`. Every step it does not mention
/// takes the default choice.
public struct ReplayStrategy: SchedulingStrategy {
    private let schedule: Schedule
    private var next = 0

    /// A strategy that reproduces `schedule`.
    public init(_ schedule: Schedule) { self.schedule = schedule }

    public mutating func choose(_ decision: SchedulingDecision) -> LabThreadID {
        let switches = schedule.switches
        while next < switches.count, switches[next].step < decision.step { next += 1 }
        guard next < switches.count, switches[next].step == decision.step else { return decision.defaultChoice }
        return switches[next].thread
    }

    /// `false`: a replay goes by step numbers alone.
    public var readsPointLabels: Bool { false }
}
