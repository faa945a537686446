import Inspector
import LabRuntime
import Testing

@testable import Walkthrough

/// The bounded searches, POS, shrinking, the AFNetworking checkers and the data-race checker
/// on 2.6.3's races as their files state them, by their built-in names.
@Suite("Searches on the race files")
struct RaceFileSearchTests {
    /// The race file called `name` (`cancel-completion-263`, …) as the explorer runs it.
    static func race(_ name: String) throws -> Inspector.Scenario {
        try ScenarioRegistry.withRaceFiles.scenario(named: name)
    }

    /// `scenario`'s checker called `name` (`expect` judges the file's `expect` lines).
    static func checker(_ name: String, of scenario: Inspector.Scenario) throws -> any Checker {
        try #require(scenario.checkers.first { $0.name == name })
    }

    @Test("cancel-completion-263: nothing at preemption bound 0, success after cancel at bound 1, shrunk to one preemption")
    func cancelCompletionAtBoundOne() throws {
        let scenario = try Self.race("cancel-completion-263")
        let expect = try Self.checker("expect", of: scenario)
        let none = Explorer(scenario: scenario, checkers: [expect], strategy: .exhaustive(preemptionBound: 0)).explore()
        #expect(none.finding == nil)
        #expect(none.explored == 1)
        let report = Explorer(scenario: scenario, checkers: [expect], strategy: .exhaustive(preemptionBound: 1)).explore()
        let finding = try #require(report.finding)
        #expect(report.explored == 67)
        #expect(finding.run.schedule.preemptions == 1)
        #expect(expect.check(scenario.replay(finding.run.schedule)).isEmpty == false)
    }

    @Test("cancel-completion-263 with delay bounding: found within two delays, shrunk to one preemption")
    func cancelCompletionDelayBounded() throws {
        let scenario = try Self.race("cancel-completion-263")
        let expect = try Self.checker("expect", of: scenario)
        let report = Explorer(scenario: scenario, checkers: [expect], strategy: .delayBounded(delayBound: 2)).explore()
        let finding = try #require(report.finding)
        #expect(finding.run.schedule.preemptions == 1)
    }

    @Test("a random find of cancel-completion-263 shrinks to one preemption that still fails on replay", arguments: [UInt64(0), 100])
    func randomFindShrinksToOne(seed: UInt64) throws {
        let scenario = try Self.race("cancel-completion-263")
        let expect = try Self.checker("expect", of: scenario)
        let report = Explorer(scenario: scenario, checkers: [expect], strategy: .random(seed: seed), schedules: 2_000).explore()
        let finding = try #require(report.finding)
        #expect(finding.original.result.schedule.preemptions > 1)
        #expect(finding.run.schedule.preemptions == 1)
        #expect(expect.check(scenario.replay(finding.run.schedule)).isEmpty == false)
    }

    @Test("PCT's find of cancel-completion-263 (seed 1) shrinks to one preemption")
    func pctFindShrinksToOne() throws {
        let scenario = try Self.race("cancel-completion-263")
        let expect = try Self.checker("expect", of: scenario)
        let report = Explorer(scenario: scenario, checkers: [expect], strategy: .pct(seed: 1, depth: 2, steps: nil)).explore()
        let finding = try #require(report.finding)
        #expect(finding.run.schedule.preemptions == 1)
    }

    @Test("cancelled-fails finds the cancel that loses to completion in 2.6.3 without the file's expect line, and nothing in hardened")
    func cancelledFailsExplores() throws {
        let found = Explorer(
            scenario: try Self.race("cancel-completion-263"), checkers: [CancelledFailsChecker()], strategy: .random(seed: 0)
        )
        .explore()
        let violation = try #require(found.finding?.violations.first)
        #expect(violation.summary.hasPrefix("op A ran success at #"))
        let clean = Explorer(
            scenario: try Self.race("cancel-completion-hardened"), checkers: [CancelledFailsChecker()],
            strategy: .random(seed: 0), schedules: 200
        ).explore()
        #expect(clean.finding == nil)
    }

    @Test("POS finds each race of 2.6.3's files within 2,000 schedules", arguments: RaceFileHuntTests.hunts)
    func posHunt(hunt: RaceFileHuntTests.Hunt) throws {
        #expect(try RaceFileHuntTests.schedulesToFind(hunt, .pos(seed: 0)) != nil, "POS does not find \(hunt) in 2.6.3")
    }

    @Test("2.6.3's HTTP pause reads the memory stream unlocked while the network thread writes it")
    func afn263PauseRaces() throws {
        let report = Explorer(
            scenario: try Self.race("pause-cancel-263"), checkers: [DataRaceChecker()], strategy: .random(seed: 0),
            schedules: 50
        ).explore()
        let violations = try #require(report.finding?.violations)
        #expect(violations.allSatisfy { $0.kind == .dataRace })
        #expect(violations.contains { $0.summary.hasPrefix("data race on V7 outputStreamToMemory: ") })
    }

    @Test("hardened pause and cancel show no data race over the same search")
    func hardenedPauseCancelClean() throws {
        let report = Explorer(
            scenario: try Self.race("pause-cancel-hardened"), checkers: [DataRaceChecker()], strategy: .random(seed: 0),
            schedules: 50
        ).explore()
        #expect(report.finding == nil)
    }
}
