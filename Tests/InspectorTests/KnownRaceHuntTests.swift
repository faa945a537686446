import AFReplay
import Inspector
import LabRuntime
import Testing

/// The known-race hunt: from short AFNetworking scenarios that do not script the
/// interleaving, the explorer finds each lifecycle race of 2.6.3 with one checker, and the
/// same budget finds nothing in ``Fidelity/hardened`` where a deviation fixes the race.
///
/// Each hunt runs at most ``budget`` schedules from seed 0 with two jobs; the numbers are the
/// schedules explored up to and including the first violating one (the result does not
/// depend on the number of jobs). `nil` means the budget found nothing. BENCHMARKS.md
/// ("Known-race hunt") records the same numbers. The races written as scenario files
/// (`resume-limit`, `kvo-under-lock`) are hunted by the Walkthrough tests.
@Suite("Known-race hunt")
struct KnownRaceHuntTests {
    /// One hunt: a scenario family, the checker that names its race, and the schedules each
    /// strategy takes in each fidelity.
    struct Hunt: Sendable, CustomStringConvertible {
        let base: String
        let scenario: @Sendable (Fidelity) -> Scenario
        let checker: any Checker
        /// Schedules to the first violation under `.random(seed: 0)`: 2.6.3, hardened.
        let random: (afn263: Int?, hardened: Int?)
        /// Schedules to the first violation under `.pct(seed: 0, depth: 2)`: 2.6.3, hardened.
        let pct: (afn263: Int?, hardened: Int?)

        var description: String { "\(base) / \(checker.name)" }
    }

    /// The search budget of every hunt, per strategy and fidelity.
    static let budget = 2_000

    static let hunts: [Hunt] = [
        Hunt(
            base: "pause-burst", scenario: Scenario.pauseBurst, checker: ExpectationChecker(),
            random: (427, nil), pct: (21, nil))
    ]

    /// Explores `hunt` in `fidelity` with `strategy` for at most ``budget`` schedules and
    /// returns the schedules it took to find a violation, or `nil`.
    static func schedulesToFind(_ hunt: Hunt, _ fidelity: Fidelity, _ strategy: ExplorationStrategy) -> Int? {
        var explorer = Explorer(
            scenario: hunt.scenario(fidelity), checkers: [hunt.checker], strategy: strategy,
            schedules: budget, jobs: 2)
        explorer.shrinkBudget = 100
        explorer.confirmationBudget = 1_000
        let report = explorer.explore()
        guard let finding = report.finding else { return nil }
        #expect(finding.violations.first?.checker == hunt.checker.name)
        return report.explored
    }

    @Test("random schedules: 2.6.3 shows the race within the budget as recorded; hardened finds nothing", arguments: hunts)
    func randomHunt(hunt: Hunt) {
        let racy = Self.schedulesToFind(hunt, .afn263, .random(seed: 0))
        #expect(racy == hunt.random.afn263)
        #expect(
            racy != nil || Self.hunts.contains { $0.base == hunt.base && $0.random.afn263 != nil },
            "random schedules find no race of \(hunt.base) with any checker")
        let fixed = Self.schedulesToFind(hunt, .hardened, .random(seed: 0))
        #expect(fixed == hunt.random.hardened)
        #expect(fixed == nil, "hardened still shows \(hunt) after \(fixed ?? 0) schedules")
    }

    @Test("PCT depth 2: 2.6.3 shows every race within the budget as recorded; hardened finds nothing", arguments: hunts)
    func pctHunt(hunt: Hunt) {
        let racy = Self.schedulesToFind(hunt, .afn263, .pct(seed: 0, depth: 2, steps: nil))
        #expect(racy == hunt.pct.afn263)
        #expect(racy != nil, "PCT does not find \(hunt) in 2.6.3")
        let fixed = Self.schedulesToFind(hunt, .hardened, .pct(seed: 0, depth: 2, steps: nil))
        #expect(fixed == hunt.pct.hardened)
        #expect(fixed == nil, "hardened still shows \(hunt) after \(fixed ?? 0) schedules")
    }

    @Test("chunks sent back to back: PCT finds 2.6.3's HTTP pause keeping a chunk it asks for again, with no timing trick")
    func pauseBurstDuplicates() throws {
        var explorer = Explorer(
            scenario: Scenario.pauseBurst(.afn263), checkers: [ExpectationChecker()],
            strategy: .pct(seed: 0, depth: 2, steps: nil), schedules: Self.budget, jobs: 2)
        explorer.shrinkBudget = 100
        let finding = try #require(explorer.explore().finding)
        #expect(finding.violations.first?.summary == "expectation failed: op A succeeded with a body that is not the one sent")
        let stream = try #require(
            finding.run.trace.first { event in
                if case .cellAccess(let cell, .load, _, _) = event.kind, event.threadName == "user" {
                    cell.hasSuffix("outputStreamToMemory")
                } else {
                    false
                }
            })
        #expect(
            finding.run.trace.contains { event in
                if case .cellAccess(let cell, .update, let value, _) = event.kind, event.sequence > stream.sequence,
                    event.threadName == "AFNetworking"
                {
                    cell.hasSuffix("outputStreamToMemory") && value.contains("bytes")
                } else {
                    false
                }
            })
    }

    @Test(
        "exhaustive, bound 2, every checker: two operations paused and cancelled on main show 2.6.3's race at once; hardened is clean over the whole bound"
    )
    func exhaustivePauseCancelPair() {
        let everyChecker = CheckerRegistry.all.checkers
        var racy = Explorer(
            scenario: Scenario.pauseCancelPair(.afn263), checkers: everyChecker,
            strategy: .exhaustive(preemptionBound: 2), schedules: 100_000, jobs: 2)
        racy.shrinkBudget = 100
        let found = racy.explore()
        #expect(found.finding?.violations.first?.checker == NotificationBalanceChecker().name)
        #expect(found.explored == 1)

        let fixed = Explorer(
            scenario: Scenario.pauseCancelPair(.hardened), checkers: everyChecker,
            strategy: .exhaustive(preemptionBound: 2), schedules: 100_000, jobs: 2
        ).explore()
        #expect(fixed.finding == nil)
        #expect(fixed.complete)
        #expect(fixed.explored == 2_797)
    }
}
