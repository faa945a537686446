import LabRuntime
import Synchronization
import Testing

@testable import Inspector

/// A DPOR search cut below its frontier (see `DPORFrontier`), whole or in shards: the
/// subtrees together explore every Mazurkiewicz trace of the scenario, and the shards make the
/// whole search's runs.
@Suite("DPOR cut below a frontier")
struct SplitDPORTests {
    @Test(
        "the search explores every trace that some schedule reaches; three shards make its runs, every subtree to its end",
        arguments: ["reentrant-callback", "lost-signal", "abba"])
    func everyTrace(name: String) throws {
        let scenario = try ScenarioRegistry.lab.scenario(named: name)
        let everyRun = TraceRecorder()
        let every = Explorer(scenario: scenario, checkers: [everyRun], strategy: .exhaustive(preemptionBound: 20), schedules: 1_000_000)
            .explore()
        let wholeRuns = TraceRecorder()
        let search = DPORSearch(scenario: scenario, checkers: [wholeRuns], limit: 1_000_000, deadline: nil, progress: nil)
        let whole = search.run()
        var split = SearchOutcome.none
        var subtrees = 0
        for index in 0..<3 {
            let shard = search.run(shard: Shard(index: index, count: 3)!)
            let level = shard.levels?.first
            #expect(level?.searched.allSatisfy { $0.pruned == false } == true, "a subtree's search stopped")
            subtrees += level?.searched.count ?? 0
            if index == 2 { #expect(subtrees == level?.subtrees) }
            split.add(shard)
        }
        #expect(every.complete && whole.complete)
        #expect((split.explored, split.steps) == (whole.explored, whole.steps))
        let traces = wholeRuns.traces(of: scenario)
        #expect(traces.count > 1)
        #expect(traces == everyRun.traces(of: scenario))
        #expect(whole.explored < every.explored, "DPOR ran \(whole.explored) schedules, every schedule \(every.explored)")
    }
}

/// A checker that finds nothing and keeps every run's schedule, to name the runs' traces.
private final class TraceRecorder: Checker {
    let name = "trace-recorder"
    let summary = "keeps every run's schedule"
    private let schedules = Mutex<[Schedule]>([])

    func check(_ run: SimulationResult) -> [Violation] {
        schedules.withLock { $0.append(run.schedule) }
        return []
    }

    /// The Mazurkiewicz traces of the runs kept: per visible object, the order of the threads
    /// whose transitions touched it (two runs are equivalent exactly when these agree).
    func traces(of scenario: Scenario) -> Set<[VisibleObject: [LabThreadID]]> {
        Set(
            schedules.withLock { $0 }.map { schedule in
                let touches = Touches()
                _ = scenario.run(ObservingReplay(replay: ReplayStrategy(schedule), touches: touches))
                return touches.byObject.withLock { $0 }
            })
    }
}

/// Replays a schedule and records, per object, the threads that touched it in order.
private struct ObservingReplay: SchedulingStrategy {
    var replay: ReplayStrategy
    let touches: Touches

    var observesTransitions: Bool { true }

    mutating func choose(_ decision: SchedulingDecision) -> LabThreadID { replay.choose(decision) }

    mutating func transitionEnded(_ transition: Transition) {
        touches.byObject.withLock { touches in
            for object in Set(transition.objects) { touches[object, default: []].append(transition.thread) }
        }
    }
}

/// Per object, the threads whose transitions touched it, in order.
private final class Touches: Sendable {
    let byObject = Mutex<[VisibleObject: [LabThreadID]]>([:])
}
