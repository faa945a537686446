import LabRuntime

/// Shrinks a violating schedule: fewest preemptions first, then fewest switches, then
/// fewest steps, keeping only schedules that still show a violation of the same kind from
/// the same checker.
///
/// Deterministic, in two phases. First delta debugging over the switches, greedily: it
/// tries removing one switch at a time (preemptions first, the latest first), then two
/// neighbouring switches at once (a switch away and the switch back), replaying each
/// candidate with a lenient replay, and keeps the first candidate that is smaller and still
/// violates, until no candidate helps. Then a bounded search up to the preemption count
/// reached (cheapest schedules first, from 0) looks for a violation with fewer preemptions
/// or, at the same count, fewer switches; since it walks cost levels in order, what it
/// finds has the fewest preemptions any violation has; its
/// schedule, which takes round-robin choices, is then delta-debugged again. Both phases share `maxReplays`. The result is the
/// schedule the last kept run really followed, so it replays exactly.
struct Shrinker: Sendable {
    let scenario: Scenario
    let checker: any Checker
    let kind: ViolationKind
    let maxReplays: Int

    /// The shrunk run and how many replays it took.
    func shrink(_ run: SimulationResult) -> (result: SimulationResult, replays: Int) {
        var replays = 0
        var best = removeSwitches(from: run, replays: &replays)
        let remaining = maxReplays - replays
        guard remaining > 0 else { return (best, replays) }
        let search = BoundedSearch(
            scenario: scenario, checkers: [checker], kind: .preemptions,
            bound: best.schedule.preemptions, limit: remaining, deadline: nil, progress: nil
        ).run()
        replays += search.runs
        if let found = search.finding?.result, Self.size(found) < Self.size(best), violates(found) {
            best = removeSwitches(from: found, replays: &replays)
        }
        return (best, replays)
    }

    /// Delta debugging over the switches of `run`: keeps the first smaller candidate that
    /// still violates until none helps or the replays run out.
    private func removeSwitches(from run: SimulationResult, replays: inout Int) -> SimulationResult {
        var best = run
        var improved = true
        while improved, replays < maxReplays {
            improved = false
            for candidate in candidates(best.schedule) {
                guard replays < maxReplays else { break }
                replays += 1
                let result = scenario.run(LenientReplayStrategy(candidate))
                if Self.size(result) < Self.size(best), violates(result) {
                    best = result
                    improved = true
                    break
                }
            }
        }
        return best
    }

    /// Whether `result` still shows the violation being shrunk.
    func violates(_ result: SimulationResult) -> Bool {
        checker.check(result).contains { $0.kind == kind }
    }

    /// The order runs are compared in: preemptions, then switches, then steps.
    static func size(_ result: SimulationResult) -> (Int, Int, Int) {
        (result.schedule.preemptions, result.schedule.switches.count, result.steps)
    }

    /// The schedules to try, smallest change first.
    private func candidates(_ schedule: Schedule) -> [Schedule] {
        let switches = schedule.switches
        let order =
            switches.indices.filter { switches[$0].preempted }.reversed() + switches.indices.filter { !switches[$0].preempted }.reversed()
        var result = switches.count > 1 ? [Schedule(switches: [])] : []
        result += order.map { removed in Schedule(switches: switches.enumerated().filter { $0.offset != removed }.map(\.element)) }
        for first in switches.indices.dropLast().reversed() {
            result.append(Schedule(switches: switches.enumerated().filter { $0.offset != first && $0.offset != first + 1 }.map(\.element)))
        }
        return result
    }
}
