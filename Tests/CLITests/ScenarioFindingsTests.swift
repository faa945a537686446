import Inspector
import LabTestSupport
import Testing
import Walkthrough

@testable import runloop_lab

/// Every scenario a learner reads (each `lab` block of the English lessons, each example
/// under `Tutorials/scenarios/`, each race file under `Tutorials/scenarios/races/`) explored
/// with every checker under random search from seed 0 for at most 200 schedules, with what
/// the search finds pinned: `clean`, or the checker and kind of the first violation (for a
/// broken `expect` line, the line). A change in what any of them finds shows up here.
@Suite("What exploring every tutorial scenario finds")
struct ScenarioFindingsTests {
    /// The pinned findings, by scenario: a lesson block as `LESSON.md:LINE` (its `expect`
    /// lines counted from the block's first line), a file by its path under
    /// `Tutorials/scenarios/`. The lessons' and examples' races are there on purpose: each
    /// shows a race that some schedule loses.
    static let findings: [(scenario: String, finding: String)] = [
        ("01-event-loop.md:24", "clean"),
        ("01-event-loop.md:64", "clean"),
        ("02-modes.md:20", "clean"),
        ("02-modes.md:60", "clean"),
        ("03-keep-alive.md:13", "clean"),
        ("03-keep-alive.md:51", "clean"),
        ("04-sources.md:23", "clean"),
        ("04-sources.md:55", "expect line 6"),
        ("05-timers.md:18", "clean"),
        ("05-timers.md:51", "clean"),
        ("06-observers.md:28", "clean"),
        ("06-observers.md:87", "expect line 7"),
        ("07-perform.md:17", "clean"),
        ("07-perform.md:45", "liveness: stuck thread"),
        ("07-perform.md:71", "expect line 6"),
        ("08-network-thread.md:18", "clean"),
        ("08-network-thread.md:64", "clean"),
        ("08-network-thread.md:103", "operation-liveness: stuck operation"),
        ("09-callbacks.md:17", "clean"),
        ("09-callbacks.md:64", "clean"),
        ("09-callbacks.md:138", "expect line 11"),
        ("10-cancel-races.md:17", "clean"),
        ("14-first-race-test.md:20", "expect line 4"),
        ("14-first-race-test.md:41", "expect line 4"),
        ("14-first-race-test.md:60", "clean"),
        ("batch-stuck-member.lab", "clean"),
        ("cancel-paused.lab", "operation-liveness: stuck operation"),
        ("cancel-race.lab", "cancelled-fails: cancelled but succeeded"),
        ("interview-question.lab", "clean"),
        ("modes-and-keep-alive.lab", "clean"),
        ("observer-deadlock.lab", "expect line 26"),
        ("pause-before-start.lab", "expect line 27"),
        ("pause-races-completion.lab", "notification-balance: notification imbalance"),
        ("redirect-chain.lab", "clean"),
        ("stream-without-space.lab", "operation-liveness: stuck operation"),
        ("suspend-while-completing.lab", "expect line 28"),
        ("races/cancel-completion-263.lab", "expect line 20"),
        ("races/cancel-completion-hardened.lab", "clean"),
        ("races/kvo-under-lock-263.lab", "lock-order: lock order inversion"),
        ("races/kvo-under-lock-hardened.lab", "clean"),
        ("races/pause-after-start-263.lab", "notification-balance: notification imbalance"),
        ("races/pause-after-start-hardened.lab", "clean"),
        ("races/pause-burst-263.lab", "notification-balance: notification imbalance"),
        ("races/pause-burst-hardened.lab", "clean"),
        ("races/pause-cancel-263.lab", "operation-liveness: stuck operation"),
        ("races/pause-cancel-hardened.lab", "clean"),
        ("races/pause-cancel-pair-263.lab", "notification-balance: notification imbalance"),
        ("races/pause-cancel-pair-hardened.lab", "clean"),
        ("races/pause-completion-263.lab", "expect line 19"),
        ("races/pause-completion-hardened.lab", "clean"),
        ("races/resume-limit-263.lab", "expect line 20"),
        ("races/resume-limit-hardened.lab", "clean"),
    ]

    /// Every scenario's source, by the name ``findings`` uses, in a fixed order.
    static let sources: [(scenario: String, source: String)] = lessonBlocks + scenarioFiles("") + scenarioFiles("races/")

    private static var lessonBlocks: [(scenario: String, source: String)] {
        let library = LessonLibrary(root: tutorialsDirectory)
        return (library.lessonFileNames() ?? []).sorted().flatMap { fileName -> [(scenario: String, source: String)] in
            guard case let .success(lesson) = library.lesson(fileName, in: .english) else { return [] }
            return lesson.steps.filter { $0.kind == .scenario }.map { ("\(fileName):\($0.line)", $0.scenario) }
        }
    }

    private static func scenarioFiles(_ subdirectory: String) -> [(scenario: String, source: String)] {
        let directory = tutorialsDirectory + "/scenarios/" + subdirectory
        return (TextFile.entries(of: directory) ?? []).filter { $0.hasSuffix(".lab") }.sorted().map { name in
            (subdirectory + name, TextFile.read(directory + name) ?? "")
        }
    }

    @Test("every lesson block, example and race file is pinned, and nothing pinned is missing")
    func everyScenarioPinned() {
        #expect(Self.sources.count >= 40)
        #expect(Self.sources.map(\.scenario) == Self.findings.map(\.scenario))
    }

    @Test("200 seeded schedules of each scenario find what is pinned", arguments: sources.map(\.scenario))
    func findings(scenario name: String) throws {
        let source = try #require(Self.sources.first { $0.scenario == name }?.source)
        let fileName = name.hasSuffix(".lab") ? String(name.split(separator: "/").last!) : "lesson.lab"
        let scenario = try Walkthrough.Scenario.parse(source: source, fileName: fileName)
        let report = Explorer(scenario: scenario.explorable(named: name), strategy: .random(seed: 0), schedules: 200).explore()
        let expected = Self.findings.first { $0.scenario == name }?.finding
        #expect(Self.finding(of: report) == expected, "\(name)")
    }

    /// `clean`, `CHECKER: KIND` for the first violation, or `expect LINE` for a broken
    /// `expect` line.
    static func finding(of report: ExplorationReport) -> String {
        guard let violation = report.finding?.violations.first else { return "clean" }
        if violation.checker == "expect", let colon = violation.summary.firstIndex(of: ":") {
            let line = violation.summary[violation.summary.index(after: colon)...].prefix { $0.isNumber }
            if !line.isEmpty { return "expect line \(line)" }
        }
        return "\(violation.checker): \(violation.kind)"
    }
}
