import AFReplay
import Inspector
import Testing

@testable import Walkthrough

/// The known-race hunt from the race files (`Tutorials/scenarios/races/NAME-263.lab`): each
/// 2.6.3 race is found by its one checker within the schedules BENCHMARKS.md records for the
/// files, random and PCT depth 2 from seed 0, two jobs. (That the hardened files stay clean
/// is pinned, with every checker, by the CLI's scenario-findings test.) The races that are
/// only files answer to their built-in names.
@Suite("Known-race hunt from files")
struct RaceFileHuntTests {
    /// One hunt: a race file's base name, its checker, and the schedules to the first
    /// violation in 2.6.3 under random and PCT (`nil`: none within 2,000).
    struct Hunt: Sendable, CustomStringConvertible {
        let race: String
        let checker: String
        let random: Int?
        let pct: Int?

        var description: String { "\(race) / \(checker)" }
    }

    static let hunts = [
        Hunt(race: "pause-cancel-pair", checker: "notification-balance", random: 56, pct: 2),
        Hunt(race: "pause-cancel", checker: "operation-liveness", random: 1, pct: 3),
        Hunt(race: "pause-after-start", checker: "notification-balance", random: 4, pct: 1),
        Hunt(race: "cancel-completion", checker: "cancelled-fails", random: 2, pct: 7),
        Hunt(race: "pause-completion", checker: "expect", random: 1, pct: 61),
        Hunt(race: "resume-limit", checker: "expect", random: 1, pct: 1),
        Hunt(race: "kvo-under-lock", checker: "lock-order", random: 1, pct: 1),
        Hunt(race: "kvo-under-lock", checker: "deadlock", random: nil, pct: 13),
        Hunt(race: "pause-burst", checker: "expect", random: 14, pct: 33),
    ]

    /// The schedules `hunt` takes in 2.6.3 under `strategy`, or `nil` within 2,000.
    static func schedulesToFind(_ hunt: Hunt, _ strategy: ExplorationStrategy) throws -> Int? {
        let name = "\(hunt.race)-263"
        let scenario = try Scenario.load(path: "\(scenariosDirectory)/races/\(name).lab").explorable(named: name)
        let checker = try #require(scenario.checkers.first { $0.name == hunt.checker })
        var explorer = Explorer(scenario: scenario, checkers: [checker], strategy: strategy, schedules: 2_000, jobs: 2)
        explorer.shrinkBudget = 100
        let report = explorer.explore()
        guard let finding = report.finding else { return nil }
        #expect(finding.violations.first?.checker == hunt.checker)
        return report.explored
    }

    @Test("2.6.3's race files show each race within the recorded schedules", arguments: hunts)
    func hunt(hunt: Hunt) throws {
        #expect(try Self.schedulesToFind(hunt, .random(seed: 0)) == hunt.random)
        #expect(try Self.schedulesToFind(hunt, .pct(seed: 0, depth: 2, steps: nil)) == hunt.pct)
    }

    @Test("the races that are only files answer to their built-in names, in both fidelities")
    func builtInNames() throws {
        let names = RaceScenarioFiles.races.flatMap { ["\($0)-263", "\($0)-hardened"] }
        #expect(RaceScenarioFiles.scenarios.map(\.name) == names)
        for name in names {
            let scenario = try ScenarioRegistry.withRaceFiles.scenario(named: name)
            #expect(scenario.checkers.map(\.name) == CheckerRegistry.all.checkers.map(\.name))
            #expect(throws: UnknownNameError.self) { try ScenarioRegistry.all.scenario(named: name) }
        }
        #expect(ScenarioRegistry.withRaceFiles.scenarios.count == ScenarioRegistry.all.scenarios.count + names.count)
    }
}
