import Inspector
import LabRuntime
import Testing

@Suite("The exploration report")
struct ReportTests {
    @Test("names the violation, the seed, the schedule, the interleaving and the replay command")
    func contents() throws {
        let report = Explorer(scenario: .abba, checkers: [DeadlockChecker()], strategy: .random(seed: 5), schedules: 50).explore()
        let finding = try #require(report.finding)
        let text = report.text
        #expect(text.hasPrefix("explore abba: random (seed 5); checkers: deadlock"))
        #expect(text.contains("VIOLATION [deadlock] deadlock: T1 ab → T2 ba → T1 ab"))
        #expect(text.contains("seed:      \(finding.original.seed!) (run #\(finding.original.index))"))
        #expect(text.contains("schedule:  \(finding.run.schedule): 1 preemption, 1 switch, "))
        #expect(text.contains("  #   T0 main"))
        #expect(text.contains("T1 ab") && text.contains("T2 ba"))
        #expect(text.contains("(preempt)"))
        #expect(text.contains("replay:    runloop-lab replay --scenario abba --schedule \"\(finding.run.schedule)\""))
    }

    @Test("a shrink that used all its replays says a smaller schedule may exist; one that finished does not")
    func shrinkBudgetSpent() throws {
        var spent = Explorer(scenario: .abba, checkers: [DeadlockChecker()], strategy: .random(seed: 5), schedules: 50)
        spent.shrinkBudget = 1
        let cut = try #require(spent.explore().finding)
        #expect(cut.shrinkBudgetSpent)
        let note = "shrinking used all 1 of its replays, so a schedule with fewer"
        #expect(spent.explore().text.contains(note))
        let full = Explorer(scenario: .abba, checkers: [DeadlockChecker()], strategy: .random(seed: 5), schedules: 50).explore()
        #expect(full.finding?.shrinkBudgetSpent == false)
        #expect(!full.text.contains("shrinking used all"))
    }

    @Test("a violation that another quotes as what the run got adds only its details, under the quote")
    func quotedViolationIsNotRepeated() {
        let finding = Violation(
            checker: "cancelled-fails", kind: ViolationKind(rawValue: "cancelled but succeeded"), summary: "op A ran success",
            details: ["cancelled at #3, finished at #5"])
        let expectLine = Violation(
            checker: "expect", kind: .expectation, summary: "race.lab:9: expect checker cancelled-fails clean",
            details: ["expected: clean", Violation.actualLabel + "[\(finding.kind)] \(finding.summary)"])
        let other = Violation(checker: "liveness", kind: .stuckThread, summary: "T2 never ran")
        #expect(
            Violation.lines([expectLine, finding, other], firstPrefix: "VIOLATION ", otherPrefix: "also      ") == [
                "VIOLATION [\(expectLine.kind)] race.lab:9: expect checker cancelled-fails clean",
                "  expected: clean",
                "  actual:   [\(finding.kind)] op A ran success",
                "            cancelled at #3, finished at #5",
                "also      [\(other.kind)] T2 never ran",
            ])
    }

    @Test("the interleaving view puts each thread's events in its own column")
    func columns() throws {
        let run = Scenario.abba.replay(try Schedule(parsing: "4:T2"))
        let lines = InterleavingView(columnWidth: 20).render(run.trace)
        #expect(lines[0] == "#   T0 main             T1 ab               T2 ba")
        let lockA = try #require(lines.first { $0.hasSuffix("lock L0 A") })
        #expect(lockA.prefix { $0 != "l" }.count == 4 + 20)
        let lockB = try #require(lines.first { $0.hasSuffix("lock L1 B") })
        #expect(lockB.prefix { $0 != "l" }.count == 4 + 40)
    }

    @Test("a clean search says how many schedules it ran")
    func clean() {
        let report = Explorer(scenario: .lockCounter, strategy: .random(seed: 0), schedules: 20).explore()
        #expect(
            report.text == """
                explore counter: random (seed 0); checkers: deadlock, lock-misuse, liveness, livelock, expect, lock-order
                no violation in 20 schedules, \(report.steps) scheduling points
                """)
    }

    @Test("the scenario registry lists the lab scenarios and reports an unknown name")
    func registry() {
        #expect(
            ScenarioRegistry.lab.scenarios.map(\.name) == [
                "abba", "counter", "lock-pair", "lost-signal", "reentrant-callback", "spin-wait",
            ])
        #expect(throws: UnknownNameError.self) { try ScenarioRegistry.lab.scenario(named: "nope") }
    }
}

@Suite("The time budget")
struct TimeBudgetTests {
    @Test("a wall-clock budget stops a long search and says so")
    func stops() {
        let report = Explorer(
            scenario: .lockCounter, strategy: .random(seed: 0), schedules: 100_000_000,
            timeBudget: .milliseconds(200)
        ).explore()
        #expect(report.finding == nil)
        #expect(report.stoppedByTime)
        #expect(report.explored > 0 && report.explored < 100_000_000)
        #expect(report.text.hasSuffix("(stopped by the time budget)"))
    }

    @Test("the replay command quotes a scenario path a shell would split, so that it can be pasted")
    func replayCommandQuoting() throws {
        let schedule = try Schedule(parsing: "8:T2")
        #expect(
            ReplayCommandLine.text(scenario: "Tutorials/scenarios/races/cancel-completion-263.lab", schedule: schedule)
                == "runloop-lab replay --scenario Tutorials/scenarios/races/cancel-completion-263.lab --schedule \"8:T2\"")
        #expect(
            ReplayCommandLine.text(scenario: "my dir/it's.lab", schedule: schedule)
                == "runloop-lab replay --scenario 'my dir/it'\\''s.lab' --schedule \"8:T2\"")
    }
}
