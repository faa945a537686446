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

    @Test(
        "a find of cancel-completion-263 by random search, delay bounding or PCT shrinks to one preemption that still fails on replay",
        arguments: [
            ExplorationStrategy.random(seed: 0), .random(seed: 100), .delayBounded(delayBound: 2), .pct(seed: 1, depth: 2, steps: nil),
        ])
    func findShrinksToOne(strategy: ExplorationStrategy) throws {
        let scenario = try Self.race("cancel-completion-263")
        let expect = try Self.checker("expect", of: scenario)
        let report = Explorer(scenario: scenario, checkers: [expect], strategy: strategy, schedules: 2_000).explore()
        let finding = try #require(report.finding)
        if case .random = strategy { #expect(finding.original.result.schedule.preemptions > 1) }
        #expect(finding.run.schedule.preemptions == 1)
        #expect(expect.check(scenario.replay(finding.run.schedule)).isEmpty == false)
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

    @Test("chunks sent back to back: PCT finds 2.6.3's HTTP pause keeping a chunk it asks for again, with no timing trick")
    func pauseBurstDuplicates() throws {
        // The file's expect lines with the one ending this test wants: 13 bytes, the last 3 twice.
        let path = "\(RaceScenarioFiles.directory)/pause-burst-263.lab"
        let source = try #require(TextFileReader.contents(ofFile: path))
            .replacing("expect A.completion == success\n", with: "")
            .replacing("expect A.data == 10", with: "expect A.data != 13")
        let scenario = try Walkthrough.Scenario.parse(source: source, fileName: "pause-burst-263.lab")
            .explorable(named: "pause-burst-263")
        let expect = try Self.checker("expect", of: scenario)
        var explorer = Explorer(
            scenario: scenario, checkers: [expect], strategy: .pct(seed: 0, depth: 2, steps: nil), schedules: 2_000, jobs: 2)
        explorer.shrinkBudget = 100
        let finding = try #require(explorer.explore().finding)
        #expect(finding.violations.first?.summary.hasPrefix("pause-burst-263.lab:21: expect A.data != 13") == true)
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

    @Test("2.6.3's HTTP pause reads the memory stream unlocked while the network thread writes it")
    func afn263PauseRaces() throws {
        let report = Explorer(
            scenario: try Self.race("pause-cancel-263"), checkers: [DataRaceChecker()], strategy: .random(seed: 0),
            schedules: 50
        ).explore()
        let violations = try #require(report.finding?.violations)
        #expect(violations.allSatisfy { $0.kind == .dataRace })
        #expect(violations.contains { $0.summary.hasPrefix("data race on V8 outputStreamToMemory: ") })
    }

    @Test("2.6.3's HTTP pause writes the request unlocked while operationDidStart reads it")
    func afn263PauseWritesRequestUnlocked() throws {
        let scenario = try Scenario.load(path: "\(scenariosDirectory)/pause-before-start.lab").explorable(named: "pause-before-start")
        let report = Explorer(scenario: scenario, checkers: [DataRaceChecker()], strategy: .random(seed: 98), schedules: 1).explore()
        let violations = try #require(report.finding?.violations)
        #expect(
            violations.contains {
                $0.summary.hasPrefix("data race on V7 request of op A: T0 main store at ")
                    && $0.summary.contains(" and T2 AFNetworking load at ")
            })
    }

    @Test(
        "hardened shows no data race where 2.6.3 races: one operation paused and cancelled, and two, whose pause updates the request on the network thread",
        arguments: ["pause-cancel-hardened", "pause-cancel-pair-hardened"])
    func hardenedIsClean(race: String) throws {
        let report = Explorer(
            scenario: try Self.race(race), checkers: [DataRaceChecker()], strategy: .random(seed: 0), schedules: 100
        ).explore()
        #expect(report.finding == nil)
        #expect(report.explored == 100)
    }
}
