/// How a simulated run ended.
public enum SimulationOutcome: Sendable, Equatable, CustomStringConvertible {
    /// Nothing can ever run again and every live thread is idle in its run loop (or all
    /// have exited).
    case quiescent
    /// Nothing can ever run again and some thread is blocked on a lock, a semaphore or a
    /// join that nothing will satisfy.
    case deadlock(WaitForGraph)
    /// The step budget ran out while threads could still run: a livelock, or a run that
    /// never settles.
    case stepLimitExceeded(steps: Int)
    /// Virtual time reached the run's time limit (repeating timers never quiesce).
    case timeLimitReached(LabInstant)
    /// A replayed schedule named a thread that could not run at that step.
    case replayDiverged(step: Int, wanted: LabThreadID, enabled: [LabThreadID])
    /// A system call a lab thread could not do without failed (``Runtime/fail(_:)``), such
    /// as `eventfd` with no descriptor left (`EMFILE`); the run stopped there.
    case systemCallFailed(SystemCallError)

    /// Whether the run ended in a deadlock.
    public var isDeadlock: Bool {
        if case .deadlock = self { true } else { false }
    }

    /// The system call whose failure ended the run (``systemCallFailed(_:)``), or `nil`.
    public var systemCallFailure: SystemCallError? {
        if case let .systemCallFailed(error) = self { error } else { nil }
    }

    public var description: String {
        switch self {
        case .quiescent: "quiescent"
        case let .deadlock(graph): "deadlock\n\(graph)"
        case let .stepLimitExceeded(steps): "step limit exceeded after \(steps) steps (livelock?)"
        case let .timeLimitReached(time): "time limit reached at \(time)"
        case let .replayDiverged(step, wanted, enabled):
            "replay diverged at step \(step): T\(wanted) cannot run; enabled [\(enabled.map { "T\($0)" }.joined(separator: ","))]"
        case let .systemCallFailed(error): error.explanation
        }
    }
}

/// Everything a simulated run produced.
public struct SimulationResult: Sendable {
    /// How it ended.
    public let outcome: SimulationOutcome
    /// The choices made, replayable with ``ReplayStrategy``.
    public let schedule: Schedule
    /// Every event, deterministic for a given strategy.
    public let trace: [TraceEvent]
    /// How many scheduling points were passed.
    public let steps: Int
    /// The virtual time at the end.
    public let endTime: LabInstant
    /// The positions in ``trace`` of the events about operations and their connections
    /// (``TraceEvent/Kind/concernsOperations``), in order: found with
    /// ``lockEventPositions`` in one pass when the run ends, so that each checker of
    /// operations reads those few events instead of the whole trace.
    public let operationEventPositions: [Int]
    /// The positions in ``trace`` of the locks' events (``TraceEvent/Kind/concernsLocks``),
    /// in order, for the lock checkers.
    public let lockEventPositions: [Int]

    init(outcome: SimulationOutcome, schedule: Schedule, trace: [TraceEvent], steps: Int, endTime: LabInstant) {
        self.outcome = outcome
        self.schedule = schedule
        self.trace = trace
        self.steps = steps
        self.endTime = endTime
        var operations: [Int] = []
        var locks: [Int] = []
        // Room for a quarter of the trace each, so that neither list grows event by event.
        operations.reserveCapacity(trace.count / 4)
        locks.reserveCapacity(trace.count / 4)
        for position in trace.indices {
            if trace[position].kind.concernsOperations {
                operations.append(position)
            } else if trace[position].kind.concernsLocks {
                locks.append(position)
            }
        }
        operationEventPositions = operations
        lockEventPositions = locks
    }

    /// The trace as text, one event per line: byte-identical for the same seed.
    public var traceText: String { trace.map(\.description).joined(separator: "\n") }

    /// The scheduling points at which more than one thread could run (each a `schedule`
    /// event): PCT's *k* for this run.
    public var choicePoints: Int { trace.count { $0.name == "schedule" } }
}
