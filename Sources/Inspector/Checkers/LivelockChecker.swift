import LabRuntime

/// `livelock`: the run used up its step budget while threads could still run
/// (`SimulationOutcome.stepLimitExceeded(steps:)`). Names the threads busiest in the
/// last events, which are usually the ones spinning.
public struct LivelockChecker: Checker {
    public let name = "livelock"
    public let summary = "the step budget ran out while threads could still run"

    /// How many of the last events to count per thread.
    public let window: Int

    /// A checker that counts the last `window` events.
    public init(window: Int = 200) { self.window = window }

    /// Only a run that ended at the step limit: no other run can show what it looks for.
    public func readsTrace(endingWith outcome: SimulationOutcome) -> Bool { if case .stepLimitExceeded = outcome { true } else { false } }

    public func check(_ run: SimulationResult) -> [Violation] {
        guard case let .stepLimitExceeded(steps) = run.outcome else { return [] }
        let tail = run.trace.suffix(window)
        var threads: [(id: LabThreadID, name: String, count: Int, last: String)] = []
        for event in tail where event.name != "schedule" {
            if let index = threads.firstIndex(where: { $0.id == event.thread }) {
                threads[index].count += 1
                threads[index].last = event.kind.name + (event.kind.detail.isEmpty ? "" : " " + event.kind.detail)
            } else {
                threads.append(
                    (event.thread, event.threadName, 1, event.kind.name + (event.kind.detail.isEmpty ? "" : " " + event.kind.detail)))
            }
        }
        let details = threads.sorted { $0.id < $1.id }.map {
            "T\($0.id) \($0.name): \($0.count) of the last \(tail.count) events, the last \($0.last)"
        }
        return [
            Violation(
                checker: name, kind: .livelock,
                summary: "no progress to quiescence after \(steps) scheduling points (livelock?)",
                details: details)
        ]
    }
}
