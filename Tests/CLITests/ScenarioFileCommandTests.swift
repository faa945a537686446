import LabTestSupport
import Testing
import Walkthrough

@testable import runloop_lab

/// A scenario whose timer fires twice in 25ms; `count` is what its expect line claims.
private func timerScenario(count: Int, strategy: String = "") -> String {
    """
    # A timer every 10ms, for 25ms.
    \(strategy)
    timer tick on main every 10ms
    run for 25ms
    expect event "timer.fire" "tick" count == \(count)
    """
}

@Suite("scenario files in check, demo, explore, replay and trace")
struct ScenarioFileCommandTests {
    static let cancelRace = tutorialsDirectory + "/scenarios/cancel-race.lab"

    @Test("explore takes a file: a broken expect line is a violation and the replay command names the file")
    func exploreFile() throws {
        let (status, console) = runCLI(
            "explore", "--scenario", Self.cancelRace, "--checkers", "expect", "--schedules", "50", "--no-interleaving")
        #expect(status == ExitCode.failure)
        #expect(console.output.first == "explore \(Self.cancelRace): random (seed 0); checkers: expect")
        let violation = try #require(console.output.first { $0.hasPrefix("VIOLATION [expectation] cancel-race.lab:") })
        let command = try #require(console.output.first { $0.hasPrefix("replay:    ") })
        let prefix = "replay:    runloop-lab replay --scenario \(Self.cancelRace) --schedule \""
        #expect(command.hasPrefix(prefix))
        let schedule = String(command.dropFirst(prefix.count).dropLast())
        let (replayStatus, replay) = runCLI("replay", "--scenario", Self.cancelRace, "--schedule", schedule, "--checkers", "expect")
        #expect(replayStatus == ExitCode.success)
        #expect(replay.output.first?.hasPrefix("replay \(Self.cancelRace) \"\(schedule)\": quiescent, ") == true)
        #expect(replay.output.contains(String(violation.dropFirst("VIOLATION ".count))))
    }

    @Test("--checkers expect picks the file's expect lines, and the known races as files are found in 2.6.3 only")
    func racesAsFiles() {
        let races = tutorialsDirectory + "/scenarios/races/"
        for (race, checker) in [
            ("pause-completion", "expect"), ("cancel-completion", "cancelled-fails"), ("pause-cancel", "operation-liveness"),
            ("pause-after-start", "notification-balance"),
        ] {
            let (found, console) = runCLI(
                "explore", "--scenario", races + race + "-263.lab", "--checkers", checker, "--schedules", "200",
                "--strategy", "pct", "--no-interleaving")
            #expect(found == ExitCode.failure, "\(race)")
            #expect(console.output.contains { $0.hasPrefix("VIOLATION ") }, "\(race)")
            let (clean, _) = runCLI(
                "explore", "--scenario", races + race + "-hardened.lab", "--checkers", checker, "--schedules", "20",
                "--strategy", "pct")
            #expect(clean == ExitCode.success, "\(race)")
        }
    }

    @Test("explore searches a file with PCT and exhaustively, with --jobs, and a file whose lines hold is clean")
    func strategiesOnFiles() {
        let directory = TemporaryDirectory()
        directory.write(timerScenario(count: 2), to: "timer.lab")
        for arguments in [["--strategy", "pct", "--schedules", "5"], ["--strategy", "exhaustive"], ["--schedules", "8", "--jobs", "2"]] {
            let (status, console) = runCLI(["explore", "--scenario", directory.file("timer.lab")] + arguments)
            #expect(status == ExitCode.success, "\(arguments)")
            #expect(console.outputText.contains("no violation"), "\(arguments)")
        }
        let (pinned, _) = runCLI(
            "explore", "--scenario", Self.cancelRace, "--strategy", "pct", "--schedules", "3", "--checkers", "callback-ledger,exactly-once")
        #expect(pinned == ExitCode.success)
    }

    @Test("trace takes a file, in every format", arguments: ["text", "chrome", "mermaid", "html"])
    func traceFile(format: String) {
        let (status, console) = runCLI("trace", "--scenario", Self.cancelRace, "--seed", "1", "--format", format)
        #expect(status == ExitCode.success)
        #expect(!console.output.isEmpty)
    }

    @Test("without --seed or --schedule, trace runs a file under its own strategy line, as check does")
    func traceFollowsTheFilesStrategy() {
        // cancel-race.lab says 'strategy random seed 1'.
        let declared = runCLI("trace", "--scenario", Self.cancelRace)
        let seedOne = runCLI("trace", "--scenario", Self.cancelRace, "--seed", "1")
        let seedZero = runCLI("trace", "--scenario", Self.cancelRace, "--seed", "0")
        #expect(declared.status == ExitCode.success)
        #expect(declared.console.output == seedOne.console.output)
        #expect(declared.console.output != seedZero.console.output)
    }

    @Test("a file that cannot be read or does not parse is a usage error naming it")
    func badFile() {
        let (missing, console) = runCLI("explore", "--scenario", "no/such.lab")
        #expect(missing == ExitCode.usage)
        #expect(console.errors.first == "runloop-lab: --scenario: cannot read 'no/such.lab': no such file or not readable")
        let directory = TemporaryDirectory()
        directory.write("thread\n", to: "bad.lab")
        let (malformed, diagnostics) = runCLI("trace", "--scenario", directory.file("bad.lab"), "--seed", "0")
        #expect(malformed == ExitCode.usage)
        #expect(diagnostics.errors.first?.hasPrefix("runloop-lab: bad.lab:1:") == true)
        #expect(!diagnostics.errorText.contains("Usage:"), "the file's diagnostics say what to fix, not the usage")
    }

    @Test("a binary file is 'not a text file', and a file with many errors shows the first 20 and counts the rest")
    func binaryAndManyErrors() {
        let directory = TemporaryDirectory()
        directory.write("thread A\u{0}\u{1}\u{2}\n", to: "binary.lab")
        let (binary, console) = runCLI("check", directory.file("binary.lab"))
        #expect(binary == ExitCode.failure)
        #expect(
            console.output.contains("runloop-lab check: '\(directory.file("binary.lab"))' is not a text file (a scenario is UTF-8 text)"))
        let (traced, errors) = runCLI("trace", "--scenario", directory.file("binary.lab"), "--seed", "0")
        #expect(traced == ExitCode.usage)
        #expect(
            errors.errors.first
                == "runloop-lab: --scenario: '\(directory.file("binary.lab"))' is not a text file (a scenario is UTF-8 text)")
        directory.write(String(repeating: "thread\n", count: 50), to: "many.lab")
        let (many, report) = runCLI("check", directory.file("many.lab"))
        #expect(many == ExitCode.failure)
        let text = report.outputText
        #expect(text.contains("many.lab:20:"))
        #expect(!text.contains("many.lab:21:"))
        #expect(text.contains("… and 30 more (fix the first ones and run again)"))
        #expect(text.contains("50 errors"))
    }

    @Test("LANGUAGE.md quotes the real messages for strategy exhaustive")
    func exhaustiveMessagesDocumented() throws {
        let directory = TemporaryDirectory()
        directory.write(timerScenario(count: 2, strategy: "strategy exhaustive bound 1"), to: "search.lab")
        let (status, console) = runCLI("demo", directory.file("search.lab"), "--auto")
        #expect(status == ExitCode.failure)
        #expect(
            console.errors.first
                == "runloop-lab demo: search.lab declares strategy exhaustive bound 1, which only the explorer runs; pass --seed N")
        let scenario = try Scenario.parse(source: timerScenario(count: 2, strategy: "strategy exhaustive bound 1"), fileName: "search.lab")
        var runnerMessage = ""
        do { _ = try ScenarioRunner().run(scenario) } catch { runnerMessage = error.description }
        #expect(runnerMessage.contains("error: strategy exhaustive searches many schedules; the interpreter runs one"))
        let language = try #require(TextFile.read(tutorialsDirectory + "/LANGUAGE.md")).split(whereSeparator: \.isWhitespace).joined(
            separator: " ")
        #expect(
            language.contains("`runloop-lab demo: FILE declares strategy exhaustive bound B, which only the explorer runs; pass --seed N`"))
        #expect(language.contains("`error: strategy exhaustive searches many schedules; the interpreter runs one`"))
    }

    @Test("bench explore takes a file")
    func benchOptions() throws {
        let options = try #require(try ExploreBenchOptions.parse(["--scenario", Self.cancelRace]))
        #expect(options.scenario.name == Self.cancelRace)
    }

    @Test("replay of a schedule whose step is never reached, or whose thread does not exist, is replay-diverged")
    func replayDiverged() {
        let (unreached, console) = runCLI("replay", "--scenario", "abba", "--schedule", "400:T2")
        #expect(unreached == ExitCode.failure)
        #expect(console.output.last == "replay-diverged at step 400: the run ended (quiescent) after 15 steps, before the switch to T2")
        let (noThread, other) = runCLI("replay", "--scenario", Self.cancelRace, "--schedule", "3:T9")
        #expect(noThread == ExitCode.failure)
        #expect(other.output.last?.hasPrefix("replay-diverged at step 3: T9 cannot run (enabled: ") == true)
        #expect(other.errors.first == "runloop-lab replay: the schedule does not fit scenario '\(Self.cancelRace)'")
    }

    @Test("the redirect example checks green and explores clean")
    func redirectChain() {
        let file = tutorialsDirectory + "/scenarios/redirect-chain.lab"
        let (status, console) = runCLI("check", file)
        #expect(status == ExitCode.success)
        #expect(console.output.first?.hasPrefix("\(file): 23 of 23 expect lines held (random seed 1, quiescent after ") == true)
        #expect(console.output.last == "1 passed, 0 failed")
        let (explored, report) = runCLI("explore", "--scenario", file, "--schedules", "5", "--no-interleaving")
        #expect(explored == ExitCode.success)
        #expect(report.output.contains { $0.hasPrefix("no violation in 5 schedules") })
    }

    @Test("trace of a schedule that cannot be followed is replay-diverged, writes no trace and exits 1")
    func traceDiverged() {
        let directory = TemporaryDirectory()
        let output = directory.file("never.txt")
        let (unreached, console) = runCLI("trace", "--scenario", "abba", "--schedule", "400:T2", "--output", output)
        #expect(unreached == ExitCode.failure)
        #expect(console.output == ["replay-diverged at step 400: the run ended (quiescent) after 15 steps, before the switch to T2"])
        #expect(console.errors == ["runloop-lab trace: the schedule does not fit scenario 'abba'"])
        #expect(TextFile.read(output) == nil)
        let (noThread, other) = runCLI("trace", "--scenario", Self.cancelRace, "--schedule", "3:T9", "--format", "chrome")
        #expect(noThread == ExitCode.failure)
        #expect(other.output.count == 1)
        #expect(other.output.first?.hasPrefix("replay-diverged at step 3: T9 cannot run (enabled: ") == true)
        let (followed, traced) = runCLI("trace", "--scenario", "abba", "--schedule", "4:T2")
        #expect(followed == ExitCode.success)
        #expect(traced.output.contains { $0.contains("lock.wait") })
    }

    @Test("check counts files: 0 only when every expect line of every file held")
    func check() {
        let directory = TemporaryDirectory()
        directory.write(timerScenario(count: 2), to: "good.lab")
        directory.write(timerScenario(count: 3), to: "bad.lab")
        let (good, passing) = runCLI("check", directory.file("good.lab"))
        #expect(good == ExitCode.success)
        #expect(
            passing.output == [
                "\(directory.file("good.lab")): 1 of 1 expect lines held (random seed 0, time-limit after 6 steps)",
                "1 passed, 0 failed",
            ])
        let (mixed, failing) = runCLI("check", directory.file("good.lab"), directory.file("bad.lab"), "--seed", "4")
        #expect(mixed == ExitCode.failure)
        #expect(failing.output.contains("FAIL bad.lab:5  expect event \"timer.fire\" \"tick\" count == 3"))
        #expect(failing.output.contains("     expected: count == 3"))
        #expect(failing.output.contains("     actual:   2"))
        #expect(failing.output.last == "1 passed, 1 failed")
    }

    @Test("check reports a file that does not run as failed, and wants at least one file")
    func checkProblems() {
        let directory = TemporaryDirectory()
        directory.write("op A = http GET\n", to: "broken.lab")
        let (status, console) = runCLI("check", directory.file("broken.lab"), directory.file("absent.lab"))
        #expect(status == ExitCode.failure)
        #expect(console.output.contains { $0.hasPrefix("broken.lab:1:") })
        #expect(console.output.contains("runloop-lab check: cannot read '\(directory.file("absent.lab"))': no such file or not readable"))
        #expect(console.output.last == "0 passed, 2 failed")
        let (usage, errors) = runCLI("check")
        #expect(usage == ExitCode.usage)
        #expect(errors.errors.first == "runloop-lab: missing FILE (a .lab scenario)")
        #expect(runCLI("check", "x.lab", "--seed", "many").status == ExitCode.usage)
    }

    @Test("check runs a file declaring strategy exhaustive or delay as a search over its schedules", arguments: ["exhaustive", "delay"])
    func checkExhaustive(kind: String) {
        let directory = TemporaryDirectory()
        directory.write(timerScenario(count: 2, strategy: "strategy \(kind) bound 1"), to: "search.lab")
        let (status, console) = runCLI("check", directory.file("search.lab"))
        #expect(status == ExitCode.success)
        #expect(
            console.output.first
                == "\(directory.file("search.lab")): the expect line held in every schedule (\(kind) bound 1, 1 schedule)")
        directory.write(timerScenario(count: 1, strategy: "strategy \(kind) bound 1"), to: "broken.lab")
        let (failed, report) = runCLI("check", directory.file("broken.lab"))
        #expect(failed == ExitCode.failure)
        #expect(report.output.contains("FAIL broken.lab:5: expect event \"timer.fire\" \"tick\" count == 1"))
        #expect(
            report.output.contains { $0.hasPrefix("replay: runloop-lab replay --scenario \(directory.file("broken.lab")) --schedule ") })
    }

    @Test("demo exits 1 after showing a run in which an expect line failed")
    func demoFailure() {
        let directory = TemporaryDirectory()
        directory.write(timerScenario(count: 3), to: "bad.lab")
        let (status, console) = runCLI("demo", directory.file("bad.lab"), "--auto", "--no-color")
        #expect(status == ExitCode.failure)
        #expect(console.output.contains { $0.contains("FAIL bad.lab:5  expect event \"timer.fire\" \"tick\" count == 3") })
        #expect(console.errors.last == "runloop-lab demo: 1 expect line failed (see above)")
        directory.write(timerScenario(count: 2), to: "good.lab")
        #expect(runCLI("demo", directory.file("good.lab"), "--auto", "--no-color").status == ExitCode.success)
    }

    @Test("expect checker NAME clean works in check, demo and explore with every checker of explore --list")
    func everyChecker() {
        let names = ScenarioCatalog.checkers.checkers.map(\.name)
        let directory = TemporaryDirectory()
        let lines = names.map { "expect checker \($0) clean" }.joined(separator: "\n")
        directory.write(timerScenario(count: 2) + "\n" + lines + "\n", to: "checkers.lab")
        let file = directory.file("checkers.lab")
        let (checked, console) = runCLI("check", file)
        #expect(checked == ExitCode.success, "\(console.output)")
        #expect(
            console.output.first
                == "\(file): \(names.count + 1) of \(names.count + 1) expect lines held (random seed 0, time-limit after 6 steps)")
        #expect(runCLI("demo", file, "--auto", "--no-color").status == ExitCode.success)
        #expect(runCLI("explore", "--scenario", file, "--schedules", "3").status == ExitCode.success)
    }
}

/// Runs `runloop-lab` with `arguments` given as an array.
private func runCLI(_ arguments: [String]) -> (status: Int32, console: RecordingConsole) {
    let console = RecordingConsole()
    let status = RunLoopLabCLI.run(arguments, console: console)
    return (status, console)
}
