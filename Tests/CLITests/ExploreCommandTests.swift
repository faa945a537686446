import Inspector
import Testing

@testable import runloop_lab

@Suite("runloop-lab explore, replay and trace")
struct ExploreCommandTests {
    @Test("a file's first violation from a built-in checker, with no expect line broken, comes with how to search the expect lines alone")
    func expectLinesHint() throws {
        let checkers: [any Checker] = [DeadlockChecker(), ExpectationChecker()]
        let report = Explorer(scenario: .abba, checkers: checkers, strategy: .random(seed: 5), schedules: 50).explore()
        let hint = try #require(ExploreCommand.expectLinesHint(report, checkers: checkers.map(\.name)))
        #expect(hint.contains("this one from 'deadlock'; add '--checkers expect'"))
        #expect(ExploreCommand.expectLinesHint(report, checkers: ["deadlock"]) == nil, "no expect checker, no hint")
        let clean = Explorer(scenario: .abba, checkers: [ExpectationChecker()], strategy: .random(seed: 5), schedules: 5).explore()
        #expect(ExploreCommand.expectLinesHint(clean, checkers: ["expect"]) == nil)
    }

    @Test("explore --list names every scenario and checker with a summary")
    func list() {
        let (status, console) = runCLI("explore", "--list")
        #expect(status == ExitCode.success)
        #expect(console.output.first == "Scenarios:")
        #expect(console.output.contains { $0.hasPrefix("  abba ") && $0.contains("AB/BA") })
        #expect(console.output.contains { $0.hasPrefix("  lost-signal ") })
        #expect(console.output.contains { $0.hasPrefix("  lock-order ") })
        #expect(console.output.contains { $0.hasPrefix("  pause-cancel-hardened ") })
        #expect(console.output.contains { $0.hasPrefix("  notification-balance ") })
        let (refused, errors) = runCLI("explore", "--list", "--scenario", "abba")
        #expect(refused == ExitCode.usage)
        #expect(errors.errors.first == "runloop-lab: --scenario cannot go with --list, which only lists")
    }

    @Test("explore finds the paused-then-cancelled operation of 2.6.3 by name, and nothing in hardened")
    func exploreAFNetworkingScenario() {
        let (found, console) = runCLI("explore", "--scenario", "pause-cancel-263", "--checkers", "operation-liveness")
        #expect(found == ExitCode.failure)
        #expect(console.outputText.contains("VIOLATION [stuck operation] op A never finishes"))
        let (clean, _) = runCLI(
            "explore", "--scenario", "pause-cancel-hardened", "--checkers", "operation-liveness",
            "--schedules", "200")
        #expect(clean == ExitCode.success)
    }

    @Test("a race that is only a file answers to its built-in name in explore, replay and trace")
    func raceFileByName() throws {
        let (found, console) = runCLI("explore", "--scenario", "kvo-under-lock-263", "--checkers", "lock-order", "--no-interleaving")
        #expect(found == ExitCode.failure)
        #expect(
            console.outputText.contains("VIOLATION [lock order inversion] possible lock order inversion: operation lock → app lock app"))
        let command = try #require(console.output.first { $0.hasPrefix("replay:    runloop-lab replay ") })
        #expect(command == "replay:    runloop-lab replay --scenario kvo-under-lock-263 --schedule \"-\"")
        let (replayed, replay) = runCLI("replay", "--scenario", "kvo-under-lock-263", "--schedule", "-", "--checkers", "lock-order")
        #expect(replayed == ExitCode.success)
        #expect(replay.output.first?.hasPrefix("replay kvo-under-lock-263 \"-\": quiescent") == true)
        let (traced, trace) = runCLI("trace", "--scenario", "resume-limit-hardened", "--events", "operation.state")
        #expect(traced == ExitCode.success)
        #expect(trace.output.contains { $0.hasSuffix("operation.state op B ready → paused") })
    }

    @Test("explore finds the AB/BA deadlock, exits 1 and prints the replay command, which replays it")
    func exploreAndReplay() throws {
        let (status, console) = runCLI("explore", "--scenario", "abba", "--strategy", "exhaustive", "--checkers", "deadlock")
        #expect(status == ExitCode.failure)
        #expect(console.outputText.contains("VIOLATION [deadlock] deadlock: T1 ab → T2 ba → T1 ab"))
        let command = try #require(console.output.first { $0.hasPrefix("replay:    runloop-lab replay ") })
        #expect(command == "replay:    runloop-lab replay --scenario abba --schedule \"4:T2\"")
        #expect(console.errors.first?.hasPrefix("explored ") == true)
        let (replayStatus, replay) = runCLI("replay", "--scenario", "abba", "--schedule", "4:T2")
        #expect(replayStatus == ExitCode.success)
        #expect(replay.output.first == "replay abba \"4:T2\": deadlock, 7 steps")
        #expect(replay.output.contains("trace:"))
        #expect(replay.output.contains { $0.hasSuffix("lock.wait L0 A held by T1") })
    }

    @Test("explore on a clean scenario exits 0")
    func clean() {
        let (status, console) = runCLI("explore", "--scenario", "counter", "--schedules", "50", "--jobs", "2")
        #expect(status == ExitCode.success)
        #expect(console.output.last?.hasPrefix("no violation in 50 schedules") == true)
    }

    @Test(
        "usage errors exit 64 and name the problem",
        arguments: [
            (["explore"], "runloop-lab: missing --scenario NAME|FILE (see 'runloop-lab explore --list')"),
            (
                ["explore", "--scenario", "nope"],
                "runloop-lab: unknown scenario 'nope' (known: abba, counter, lock-pair, lost-signal, reentrant-callback, spin-wait, pause-cancel-pair-263, pause-cancel-pair-hardened, pause-cancel-263, pause-cancel-hardened, pause-after-start-263, pause-after-start-hardened, cancel-completion-263, cancel-completion-hardened, pause-completion-263, pause-completion-hardened, resume-limit-263, resume-limit-hardened, kvo-under-lock-263, kvo-under-lock-hardened, pause-burst-263, pause-burst-hardened, lost-update, atomicity-violation, order-violation, reorder, lazy-init, bounded-buffer, transfer-lock-order, token-ring, work-stealing, pipeline, aba, philosophers)"
            ),
            (
                ["explore", "--scenario", "abba", "--strategy", "dfs"],
                "runloop-lab: --strategy expects random, pct, pos, exhaustive, delay or dpor, got 'dfs'"
            ),
            (
                ["explore", "--scenario", "abba", "--checkers", "deadlock,nope"],
                "runloop-lab: unknown checker 'nope' (known: deadlock, lock-misuse, liveness, livelock, expect, lock-order, callback-ledger, exactly-once, operation-liveness, notification-balance, cancelled-fails, data-race)"
            ),
            (
                ["explore", "--scenario", "abbb"],
                "runloop-lab: unknown scenario 'abbb': did you mean 'abba'? (known: abba, counter, lock-pair, lost-signal, reentrant-callback, spin-wait, pause-cancel-pair-263, pause-cancel-pair-hardened, pause-cancel-263, pause-cancel-hardened, pause-after-start-263, pause-after-start-hardened, cancel-completion-263, cancel-completion-hardened, pause-completion-263, pause-completion-hardened, resume-limit-263, resume-limit-hardened, kvo-under-lock-263, kvo-under-lock-hardened, pause-burst-263, pause-burst-hardened, lost-update, atomicity-violation, order-violation, reorder, lazy-init, bounded-buffer, transfer-lock-order, token-ring, work-stealing, pipeline, aba, philosophers)"
            ),
            (
                ["explore", "--scenario", "abba", "--checkers", "deadlok"],
                "runloop-lab: unknown checker 'deadlok': did you mean 'deadlock'? (known: deadlock, lock-misuse, liveness, livelock, expect, lock-order, callback-ledger, exactly-once, operation-liveness, notification-balance, cancelled-fails, data-race)"
            ),
            (["explore", "--scenario", "abba", "--jobs", "0"], "runloop-lab: --jobs expects a whole number from 1 to 256, got '0'"),
            (["replay", "--scenario", "abba"], "runloop-lab: missing --schedule TEXT"),
            (
                ["replay", "--scenario", "abba", "--schedule", "x"],
                "runloop-lab: --schedule: schedule token 1 'x': expected STEP:T<thread>, e.g. 14:T2"
            ),
            (
                ["trace", "--scenario", "abba", "--format", "html", "--output", "/nonexistent-directory/abba.html"],
                "runloop-lab: --output: cannot open /nonexistent-directory/abba.html: No such file or directory"
            ),
            (["trace", "--scenario", "abba", "--format", "svg"], "runloop-lab: --format expects text, chrome, mermaid or html, got 'svg'"),
            (["trace", "--scenario", "abba", "--seed", "1", "--schedule", "-"], "runloop-lab: give --seed or --schedule, not both"),
            (
                ["trace", "--scenario", "abba", "--events", "lock.acquire,lock.aquire"],
                "runloop-lab: --events: unknown event name 'lock.aquire' (did you mean 'lock.acquire'?)"
            ),
            (
                ["trace", "--scenario", "abba", "--events", "lock.acquire", "--format", "html"],
                "runloop-lab: --events filters the text format only"
            ),
            (["explore", "--scenario", "abba", "--depth", "3"], "runloop-lab: --depth applies to --strategy pct only"),
            (
                ["explore", "--scenario", "abba", "--strategy", "exhaustive", "--steps", "3"],
                "runloop-lab: --steps applies to --strategy pct only"
            ),
            (
                ["explore", "--scenario", "abba", "--strategy", "pct", "--preemption-bound", "1"],
                "runloop-lab: --preemption-bound applies to --strategy exhaustive only"
            ),
            (
                ["explore", "--scenario", "abba", "--strategy", "exhaustive", "--seed", "3"],
                "runloop-lab: --seed does not apply to --strategy exhaustive, which tries every schedule"
            ),
            (["trace", "--scenario", "abba", "--seed", "-1"], "runloop-lab: --seed expects a whole number from 0 to \(Int.max), got '-1'"),
            (["check", "x.lab", "--seed", "-1"], "runloop-lab: --seed expects a whole number from 0 to \(Int.max), got '-1'"),
            (
                ["explore", "--scenario", "abba", "--seed", "-1"],
                "runloop-lab: --seed expects a whole number from 0 to \(Int.max), got '-1'"
            ),
        ])
    func usageErrors(arguments: [String], message: String) {
        let console = RecordingConsole()
        let status = RunLoopLabCLI.run(arguments, console: console)
        #expect(status == ExitCode.usage)
        #expect(console.errors.first == message)
    }

    @Test("help agrees with parsing: explore lists --steps, trace's --seed is optional, replay takes --no-interleaving")
    func helpMatchesParsing() {
        #expect(ExploreCommand.usage.contains("[--steps K]"))
        #expect(TraceCommand.usage.contains("[--seed N | --schedule TEXT]"))
        #expect(runCLI("trace", "--scenario", "abba").status == ExitCode.success)
        let replay = runCLI("replay", "--scenario", "abba", "--schedule", "4:T2", "--no-interleaving")
        #expect(replay.status == ExitCode.success)
        #expect(!replay.console.output.contains("interleaving:"))
        #expect(replay.console.output.contains("trace:"))
        #expect(ReplayRunCommand.usage.contains("[--no-interleaving]"))
    }

    @Test("--no-interleaving leaves out only the per-thread columns")
    func withoutInterleaving() {
        let full = runCLI("explore", "--scenario", "abba")
        let brief = runCLI("explore", "--scenario", "abba", "--no-interleaving")
        #expect(brief.status == ExitCode.failure)
        #expect(full.console.output.filter { $0 == "interleaving:" }.count == 1)
        #expect(!brief.console.output.contains("interleaving:"))
        #expect(!brief.console.output.contains { $0.hasPrefix("  #") })
        #expect(brief.console.output.allSatisfy(full.console.output.contains))
        #expect(brief.console.output.contains("schedule:  4:T2: 1 preemption, 1 switch, 7 steps"))
        #expect(brief.console.output.contains("replay:    runloop-lab replay --scenario abba --schedule \"4:T2\""))
    }

    @Test("trace --events keeps only the text lines of the named events, in order")
    func traceEvents() {
        let (status, console) = runCLI("trace", "--scenario", "abba", "--schedule", "4:T2", "--events", "lock.acquire,lock.wait")
        #expect(status == ExitCode.success)
        #expect(
            console.output == [
                "#7 0.000000 T1 ab lock.acquire L0 A depth=1",
                "#11 0.000000 T2 ba lock.acquire L1 B depth=1",
                "#12 0.000000 T2 ba lock.wait L0 A held by T1",
                "#13 0.000000 T1 ab lock.wait L1 B held by T2",
            ])
    }

    @Test("a schedule that does not fit the scenario is a failure, not a usage error")
    func divergedReplay() {
        let (status, console) = runCLI("replay", "--scenario", "abba", "--schedule", "4:T9")
        #expect(status == ExitCode.failure)
        #expect(console.output.last == "replay-diverged at step 4: T9 cannot run (enabled: T1, T2)")
        #expect(console.errors.first == "runloop-lab replay: the schedule does not fit scenario 'abba'")
    }

    @Test("trace writes each format to standard output", arguments: ["text", "chrome", "mermaid", "html"])
    func trace(format: String) {
        let (status, console) = runCLI("trace", "--scenario", "abba", "--seed", "5", "--format", format)
        #expect(status == ExitCode.success)
        let first = console.output.first ?? ""
        switch format {
        case "text": #expect(first.hasPrefix("#0 0.000000 T0 main thread.start"))
        case "chrome": #expect(first.hasPrefix("{\"displayTimeUnit\""))
        case "mermaid": #expect(first == "sequenceDiagram")
        default: #expect(first == "<!DOCTYPE html>")
        }
    }

    @Test("the timing line's rates keep one decimal below 10 per second, so a slow search never reads as 0/s")
    func timingRates() {
        #expect(ExploreCommand.rate(0.73) == "0.7")
        #expect(ExploreCommand.rate(12.4) == "12")
        #expect(ExploreCommand.rate(1923.6) == "1923")
    }

    @Test("each new command has its own --help", arguments: ["explore", "replay", "trace"])
    func help(command: String) {
        let (status, console) = runCLI(command, "--help")
        #expect(status == ExitCode.success)
        #expect(console.outputText.hasPrefix("Usage: runloop-lab \(command)"))
    }

    @Test("bench explore parses its options")
    func benchOptions() throws {
        let options = try #require(try ExploreBenchOptions.parse(["--schedules", "10", "--scenario", "abba", "--jobs=3"]))
        #expect(options.schedules == 10)
        #expect(options.scenario.name == "abba")
        #expect(options.jobs == 3)
        #expect(try ExploreBenchOptions.parse(["--help"]) == nil)
        let fallback = try #require(try ExploreBenchOptions.parse([]))
        #expect(fallback.scenario.name == "pause-cancel-pair-hardened")
        #expect(fallback.scenario.checkers.map(\.name) == CheckerRegistry.all.checkers.map(\.name))
    }
}

/// `explore`'s progress line and the summary of an interrupted search.
@Suite("explore on a terminal: the progress line and Ctrl-C")
struct ExploreProgressTests {
    @Test("the progress line says schedules done, rate and violations so far")
    func line() {
        let text = ExploreProgressLine.text(ExplorationProgress.Counts(runs: 1200, violations: 1), seconds: 0.5)
        #expect(text == "explored 1200 schedules · 2400 schedules/s · violations so far: 1 · Ctrl-C stops")
    }

    @Test("an interrupted search says how far it got and that its finding is not shrunk")
    func interruption() {
        var explorer = Explorer(scenario: .lockCounter, strategy: .random(seed: 0), schedules: 500)
        explorer.progress = ExplorationProgress(shouldStop: { true })
        let report = explorer.explore()
        #expect(
            ExploreCommand.interruption(report) == "interrupted: Ctrl-C stopped the search after 0 of 500 schedules; no violation so far")
    }

    @Test("without a terminal, explore prints no progress line")
    func quiet() {
        let (_, console) = runCLI("explore", "--scenario", "counter", "--schedules", "50")
        #expect(!console.errors.contains { $0.contains("violations so far") })
        #expect(!console.output.contains { $0.contains("interrupted") })
    }
}
