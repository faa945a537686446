import LabRuntime
import Testing
import Walkthrough

@testable import runloop_lab

/// The step-through's model on recorded runs of the interview question: step, next on a
/// thread, continue to a breakpoint, back by replay, what-if, and the screens they draw.
@Suite("The step-through model")
struct StepThroughTests {
    /// The interview question under its declared strategy (random seed 7).
    static func interview() throws -> StepThrough {
        let text = try #require(TextFile.read(DefaultScenario.relativePath))
        let program = ScenarioProgram(scenario: try Scenario.parse(source: text, fileName: "interview-question.lab"))
        return StepThrough(program: program, recipe: try #require(program.recipe(seed: nil)))
    }

    static let screen = StepScreen(style: DemoStyle(colors: false), width: 200)

    @Test("step shows one more event; the start shows the introduction")
    func step() throws {
        var stepper = try Self.interview()
        #expect(stepper.position == 0 && stepper.current == nil)
        #expect(Self.screen.lines(of: stepper, part: 1, of: 1, messages: []).contains { $0.contains("The classic interview question") })
        #expect(stepper.step().isEmpty)
        #expect(stepper.current == stepper.run.trace[0])
        let lines = Self.screen.lines(of: stepper, part: 1, of: 1, messages: [])
        #expect(lines.contains("▶ #0 T0 main · thread"))
        #expect(lines.contains { $0.hasPrefix("▶  T0 main") && $0.contains("running") })
    }

    @Test("next goes to the next event of the same thread")
    func nextOnThread() throws {
        var stepper = try Self.interview()
        _ = stepper.continueTo(.thread(2))
        let start = stepper.position
        _ = stepper.nextOnThread()
        #expect(stepper.current?.thread == 2)
        #expect(stepper.run.trace[start..<(stepper.position - 1)].allSatisfy { $0.thread != 2 })
    }

    @Test("continue stops at the next event of a kind, an operation or a thread, or at the end")
    func continueToBreakpoint() throws {
        var stepper = try Self.interview()
        _ = stepper.continueTo(.kind("connection.callback"))
        #expect(stepper.current?.kind.detail == "C0 didReceiveResponse 200 → op big")
        #expect(stepper.state.operations.map(\.name) == ["op big", "op small"])
        _ = stepper.continueTo(.operation("op small"))
        #expect(stepper.current?.kind.concerns(operation: "op small") == true)
        _ = stepper.continueTo(.kind("lock"))
        #expect(stepper.current?.name.hasPrefix("lock.") == true)
        let messages = stepper.continueTo(.kind("loop.stop"))
        #expect(stepper.isAtEnd)
        #expect(messages == ["no later event matches loop.stop: continued to the end (quiescent)"])
    }

    @Test("breakpoints read an event kind, its first or last part, an operation, a thread number or name")
    func breakpointParsing() throws {
        let trace = try Self.interview().run.trace
        #expect(Breakpoint(parsing: "connection.callback", in: trace) == .kind("connection.callback"))
        #expect(Breakpoint(parsing: "lock", in: trace) == .kind("lock"))
        let callback = try #require(Breakpoint(parsing: "callback", in: trace))
        #expect(callback == .kind("callback"))
        #expect(trace.filter(callback.matches).allSatisfy { $0.name == "connection.callback" })
        #expect(!trace.filter(callback.matches).isEmpty)
        #expect(Breakpoint(parsing: "big", in: trace) == .operation("op big"))
        #expect(Breakpoint(parsing: "op small", in: trace) == .operation("op small"))
        #expect(Breakpoint(parsing: "T2", in: trace) == .thread(2))
        #expect(Breakpoint(parsing: "  T2 ", in: trace) == .thread(2))
        #expect(Breakpoint(parsing: " op  small", in: trace) == .operation("op small"))
        #expect(Breakpoint(parsing: "AFNetworking", in: trace) == .thread(2))
        #expect(Breakpoint(parsing: "nothing", in: trace) == nil)
    }

    @Test("back replays the run and draws the earlier screen byte for byte", arguments: [1, 57, 127, 300])
    func backIsTimeTravel(position: Int) throws {
        var stepper = try Self.interview()
        while stepper.position < position { _ = stepper.step() }
        let earlier = Self.screen.lines(of: stepper, part: 1, of: 2, messages: [])
        _ = stepper.step()
        let messages = stepper.back()
        #expect(stepper.position == position)
        #expect(
            messages == [
                "back: replayed random seed 7 from the start; its first \(position + 1) events are identical; stopped at event \(position)"
            ])
        #expect(Self.screen.lines(of: stepper, part: 1, of: 2, messages: []) == earlier)
    }

    @Test("what-if flips the choice at the next scheduling point and reports where the runs part")
    func whatIf() throws {
        var stepper = try Self.interview()
        _ = stepper.continueTo(.kind("connection.callback"))
        let original = stepper.run
        let flipped = stepper.whatIf()
        let report = try #require(flipped)
        guard case let .schedule(chosen, enabled, _, step) = original.trace[report.flipIndex].kind else {
            Issue.record("the flip is not at a schedule event")
            return
        }
        #expect(report.flipIndex >= 126 && report.step == step && report.originalChoice == chosen)
        #expect(report.alternativeChoice != chosen && enabled.contains(report.alternativeChoice))
        #expect(Array(stepper.run.trace.prefix(report.flipIndex)) == Array(original.trace.prefix(report.flipIndex)))
        if case let .schedule(flipped, _, _, _) = stepper.run.trace[report.flipIndex].kind {
            #expect(flipped == report.alternativeChoice)
        } else {
            Issue.record("the flipped run has no schedule event at #\(report.flipIndex)")
        }
        #expect(stepper.recipe == .flipped(base: .random(seed: 7), step: step, thread: report.alternativeChoice))
        #expect(stepper.position == report.flipIndex + 1)
        let diverged = report.originalOperationEvent != nil || report.alternativeOperationEvent != nil
        #expect(
            report.lines[1]
                == (diverged
                    ? "  operations diverge:  was  " + (report.originalOperationEvent.map(WhatIfReport.text) ?? "(nothing)")
                    : "  the operations' events are the same in both runs"))
        #expect(
            report.lines[0]
                == "what-if: at #\(report.flipIndex) (scheduling point \(step), \(report.point)) T\(report.alternativeChoice) runs instead of T\(chosen)"
        )
        #expect(report.lines.contains { $0.hasPrefix("  outcome: was quiescent, now ") })
        let before = stepper.position
        _ = stepper.step()
        #expect(
            stepper.back().first?.hasPrefix("back: replayed random seed 7, T\(report.alternativeChoice) at step \(step) from the start")
                == true)
        #expect(stepper.position == before)
    }

    @Test("what-if asked again at the same choice picks the next runnable thread in turn")
    func whatIfCycles() throws {
        var stepper = try Self.interview()
        _ = stepper.continueTo(.kind("schedule"))
        guard case let .schedule(chosen, enabled, _, step) = try #require(stepper.current).kind else {
            Issue.record("continuing to 'schedule' did not stop at a schedule event")
            return
        }
        var seen = [chosen]
        for _ in 1..<enabled.count {
            let flipped = stepper.whatIf()
            let report = try #require(flipped)
            #expect(report.step == step)
            seen.append(report.alternativeChoice)
            #expect(stepper.recipe == .flipped(base: .random(seed: 7), step: step, thread: report.alternativeChoice))
        }
        #expect(seen.sorted() == enabled)
    }

    @Test("the panels fold the whole run into the operations' and threads' final state")
    func finalState() throws {
        var stepper = try Self.interview()
        _ = stepper.continueTo(nil)
        let state = stepper.state
        #expect(
            state.operations.map(\.text) == [
                "op big     finished   no        C0 (ended)  4000   none             success     op big",
                "op small   finished   no        C1 (ended)  11     none             success     op small",
            ])
        let network = try #require(state.threads.first { $0.name == "AFNetworking" })
        #expect(network.modeText == "default" && network.locks.isEmpty && network.performs.isEmpty)
        #expect(stepper.run.summary == ["22 of 22 expect lines held"])
    }

    @Test("the session-manager part routes callbacks through the manager's dictionary")
    func sessionManager() {
        var stepper = StepThrough(program: SessionManagerProgram(), recipe: .random(seed: 7))
        _ = stepper.continueTo(nil)
        #expect(stepper.run.outcome == "quiescent")
        #expect(stepper.state.operations.map(\.name) == ["task 1", "task 2"])
        #expect(stepper.state.operations.map(\.bytes) == [4_000, 11])
        #expect(stepper.state.operations.allSatisfy { $0.reached.contains("delegate of \($0.name)") })
        #expect(stepper.run.trace.contains { $0.routingExplanation?.contains("task id → delegate dictionary") == true })
    }
}

@Suite("The operations panel")
struct OperationPanelTests {
    @Test("a cancelled operation's error reads cancelled (−999), in the column's width")
    func cancelledError() {
        #expect(OperationPanelRow.errorText("(from cancelConnection)") == "cancelled (−999)")
        #expect(OperationPanelRow.errorText("-999") == "cancelled (−999)")
        #expect(OperationPanelRow.errorText("(from no space)") == "no space")
        #expect(OperationPanelRow.errorText("-1001") == "-1001")
        var cancelled = OperationPanelRow(name: "op A")
        cancelled.error = OperationPanelRow.errorText("(from cancelConnection)")
        cancelled.reached = ["op A"]
        let plain = OperationPanelRow(name: "op B")
        #expect(cancelled.text.firstRange(of: "failure") == nil)
        #expect(cancelled.columnsText.count == plain.columnsText.count)
        #expect(cancelled.columnsText.count == OperationPanelRow.columnsHeading.count)
    }

    @Test("a narrow screen puts callbacks reached on their own line; at 100 columns the interview answer shows")
    func narrowPanel() throws {
        var stepper = StepThrough(program: SessionManagerProgram(), recipe: .random(seed: 7))
        _ = stepper.continueTo(nil)
        let lines = StepScreen(style: DemoStyle(colors: false), width: 100).lines(of: stepper, part: 1, of: 1, messages: [])
        #expect(lines.allSatisfy { $0.count <= 100 })
        #expect(lines.contains("     callbacks reached: task 1, session manager, delegate of task 1"))
        let wide = OperationPanelRow.panel(stepper.state.operations, indent: "   ")
        #expect(wide[0].hasSuffix("callbacks reached"))
        #expect(wide.count == 3)
    }
}

/// What the interactive demo's keys do to its session, without a terminal.
@Suite("The interactive demo's session")
struct InteractiveSessionTests {
    @Test("stepping past the end of a part starts the next; continue reuses the last breakpoint")
    func parts() throws {
        let session = StepThrough(program: SessionManagerProgram(), recipe: .random(seed: 7))
        var demo = InteractiveDemo.Session(parts: [try StepThroughTests.interview(), session])
        demo.continueTo("connection.callback")
        #expect(demo.stepper.current?.name == "connection.callback")
        let first = demo.stepper.position
        demo.continueTo("")
        #expect(demo.stepper.position > first && demo.stepper.current?.name == "connection.callback")
        demo.continueTo("nowhere")
        #expect(
            demo.messages == [
                "no event kind, operation or thread is called 'nowhere'",
                "try an event kind (lock, perform, callback, loop.wait), an operation's name, or a thread (T2, or its name)",
            ])
        demo.breakpoint = nil
        demo.continueTo("")
        #expect(demo.stepper.isAtEnd)
        #expect(demo.messages.last == "press s for part 2: session manager (built in)")
        demo.handle(.step)
        #expect(demo.part == 1 && demo.stepper.position == 0)
        #expect(demo.messages == ["part 2 of 2: session manager (built in)"])
        demo.handle(.other)
        #expect(demo.messages == ["keys: " + StepScreen.keyHelp(thread: nil)])
        demo.continueTo("connection.callback")
        demo.continueTo("end")
        #expect(demo.stepper.isAtEnd && demo.breakpoint == nil)
    }

    @Test("the first screen says how to jump to the callbacks; long messages wrap instead of being cut")
    func firstScreenAndWrapping() throws {
        let stepper = try StepThroughTests.interview()
        let screen = StepScreen(style: DemoStyle(colors: false), width: 40)
        let lines = screen.lines(of: stepper, part: 1, of: 1, messages: [String(repeating: "x", count: 100)])
        #expect(StepThroughTests.screen.lines(of: stepper, part: 1, of: 1, messages: []).contains("  " + StepScreen.firstScreenHint))
        #expect(lines.contains(String(repeating: "x", count: 40)))
        #expect(lines.contains(String(repeating: "x", count: 20)))
        #expect(lines[1].hasPrefix("event 0 of "))
    }

    @Test("a screen too tall for the terminal keeps its head and its messages and key help")
    func fit() {
        let lines = (1...10).map(String.init)
        #expect(InteractiveDemo.fit(lines, rows: 20, keepingLast: 2) == lines)
        #expect(InteractiveDemo.fit(lines, rows: 5, keepingLast: 2) == ["1", "2", "3", "9", "10"])
    }
}

@Suite("The threads panel's column")
struct ThreadColumnTests {
    @Test("a loop with thousands of timers names the first three and counts them all")
    func manyTimers() {
        var row = ThreadPanelRow(id: 1, name: "worker")
        row.timers = (0..<2_000).map { "t\($0)" }
        #expect(row.pendingText == "timers: t0, t1, t2, … (2000 in all)")
        row.timers = ["a", "b", "c"]
        #expect(row.pendingText == "timers: a, b, c")
    }

    @Test("a long thread name keeps its number and the end of its name, in the column's width")
    func longNamesFit() {
        #expect(ThreadPanelRow.fitted("T1 loopback server", to: 22) == "T1 loopback server    ")
        let fitted = ThreadPanelRow.fitted("T3 NSOperationQueue session manager delegate queue #2", to: 22)
        #expect(fitted == "T3 … delegate queue #2")
        #expect(fitted.count == 22)
    }
}

@Suite("The demo's strategy recipes")
struct StrategyRecipeTests {
    @Test("a scenario declaring pct steps through one PCT schedule, the same one as the interpreter runs")
    func pctScenario() throws {
        let source = """
            thread left
            thread right
            strategy pct seed 5 depth 2
            on left: perform on right; perform on right
            on right: perform on left
            run until idle
            """
        let scenario = try Scenario.parse(source: source, fileName: "pct.lab")
        let recipe = try #require(ScenarioProgram(scenario: scenario).recipe(seed: nil))
        let steps = ScenarioRunner().pctSteps(for: scenario)
        #expect(recipe == .pct(seed: 5, depth: 2, steps: steps))
        let demo = ScenarioProgram(scenario: scenario).run(using: recipe.make())
        let interpreted = try ScenarioRunner().run(scenario)
        #expect(demo.trace == interpreted.trace)
        #expect(ScenarioProgram(scenario: scenario).recipe(seed: 9) == .random(seed: 9))
    }
}
