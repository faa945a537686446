import Glibc
import LabTestSupport
import Testing

@testable import runloop_lab

/// A one-step lesson whose scenario counts two timer fires; `expected` is its expected block.
private func lesson(expected: String) -> String {
    """
    # A tiny lesson

    A timer every 10ms, for 25ms.

    ```lab show timer.fire
    timer tick on main every 10ms
    run for 25ms
    expect event "timer.fire" "tick" count == 2
    ```

    ```expected
    \(expected)
    ```

    Done.
    """
}

private let rightOutput = """
    outcome: time-limit
    0.010000 T0 main timer.fire tick in kCFRunLoopDefaultMode
    0.020000 T0 main timer.fire tick in kCFRunLoopDefaultMode
    PASS step1.lab:3  expect event "timer.fire" "tick" count == 2
    """

/// Runs `tutorial` in-process with the given home and no pausing.
private func runTutorial(_ arguments: [String], home: String? = nil) -> (status: Int32, console: RecordingConsole) {
    let console = RecordingConsole()
    do {
        let status = try TutorialCommand.run(arguments, console: console, home: home, waitForEnter: {})
        return (status, console)
    } catch {
        return (ExitCode.usage, console)
    }
}

@Suite("runloop-lab tutorial")
struct TutorialCommandTests {
    @Test("list shows every lesson with its languages")
    func list() {
        let home = TemporaryDirectory(prefix: "tutorial-test")
        let (status, console) = runTutorial(["list", "--dir", tutorialsDirectory], home: home.path)
        #expect(status == ExitCode.success)
        #expect(console.output.first?.hasPrefix("Lessons in ") == true)
        let rows = console.output.filter { $0.hasPrefix("  01  ") }
        #expect(rows.count == 1)
        #expect(rows.first?.contains("en zh-Hans") == true)
    }

    @Test(
        "a tutorial directory that cannot be read is named as such by list, run and check", arguments: [["list"], ["run", "1"], ["check"]])
    func unreadableDirectory(arguments: [String]) {
        let (status, console) = runTutorial(arguments + ["--dir", "/nonexistent-tutorials"])
        #expect(status == ExitCode.failure)
        #expect(console.errors == ["runloop-lab tutorial: cannot read the tutorial directory '/nonexistent-tutorials'"])
    }

    @Test("every lesson in Tutorials/ checks, in both languages")
    func checkRealLessons() {
        let (status, console) = runTutorial(["check", "--dir", tutorialsDirectory])
        #expect(status == ExitCode.success, "\(console.outputText)")
        #expect(console.output.last?.hasSuffix(" passed, 0 failed") == true)
        #expect(!console.output.contains { $0.hasPrefix("FAIL") })
    }

    @Test("a wrong expected block gives a diff and a failing exit status")
    func wrongExpectedBlock() {
        let directory = TemporaryDirectory(prefix: "tutorial-test")
        let wrong = """
            outcome: time-limit
            0.010000 T0 main timer.fire tick in kCFRunLoopDefaultMode
            0.030000 T0 main timer.fire tick in kCFRunLoopDefaultMode
            PASS step1.lab:3  expect event "timer.fire" "tick" count == 2
            """
        directory.write(lesson(expected: wrong), to: "01-tiny.md")
        directory.write(lesson(expected: rightOutput), to: "zh-Hans/01-tiny.md")
        let (status, console) = runTutorial(["check", "--dir", directory.path])
        #expect(status == ExitCode.failure)
        #expect(console.output.contains("FAIL  en      01-tiny.md"))
        #expect(console.output.contains("ok    zh-Hans 01-tiny.md"))
        #expect(console.output.contains("      - 0.030000 T0 main timer.fire tick in kCFRunLoopDefaultMode"))
        #expect(console.output.contains("      + 0.020000 T0 main timer.fire tick in kCFRunLoopDefaultMode"))
        #expect(console.output.last == "1 passed, 1 failed")

        let run = runTutorial(["run", "1", "--dir", directory.path, "--no-pause"])
        #expect(run.status == ExitCode.failure)
        #expect(run.console.output.contains("✗ step 1 differs from the lesson's expected output:"))
    }

    @Test("a missing translation fails the check")
    func missingTranslation() {
        let directory = TemporaryDirectory(prefix: "tutorial-test")
        directory.write(lesson(expected: rightOutput), to: "01-tiny.md")
        let (status, console) = runTutorial(["check", "--dir", directory.path])
        #expect(status == ExitCode.failure)
        #expect(console.output.last == "1 passed, 1 failed")
    }

    @Test("run saves progress under HOME, resumes from it, and --restart starts over")
    func progressRoundTrip() {
        let directory = TemporaryDirectory(prefix: "tutorial-test")
        directory.write(lesson(expected: rightOutput), to: "01-tiny.md")
        directory.write(lesson(expected: rightOutput), to: "zh-Hans/01-tiny.md")
        let home = TemporaryDirectory(prefix: "tutorial-test")

        let first = runTutorial(["run", "1", "--dir", directory.path, "--no-pause"], home: home.path)
        #expect(first.status == ExitCode.success)
        #expect(first.console.output.contains("✓ step 1 matches the lesson"))
        #expect(TextFile.read(TutorialProgress.path(home: home.path)) == "1 1\n")
        #expect(TutorialProgress.load(home: home.path).steps(inLesson: 1) == 1)

        let listed = runTutorial(["list", "--dir", directory.path], home: home.path)
        #expect(listed.console.output.last?.hasSuffix("done") == true)

        var progress = TutorialProgress.load(home: home.path)
        progress.record(lesson: 1, steps: 0)
        progress.record(lesson: 7, steps: 3)
        #expect(progress.save(home: home.path) == nil)
        #expect(TutorialProgress.load(home: home.path) == progress)

        let chinese = runTutorial(["run", "1", "--lang", "zh-Hans", "--restart", "--dir", directory.path], home: home.path)
        #expect(chinese.status == ExitCode.success)
        #expect(chinese.console.output.first == "第 01 课：A tiny lesson（zh-Hans，共 1 步）")
        #expect(chinese.console.output.contains("✓ 第 1 步与课程一致"))
        #expect(chinese.console.output.last == "第 01 课完成。")
    }

    @Test("progress that cannot be saved is said once; a long explanation waits for Enter before its step runs")
    func unsavedProgressAndLongProse() {
        let directory = TemporaryDirectory(prefix: "tutorial-test")
        let long = (1...25).map { "Line \($0) of a long explanation." }.joined(separator: "\n")
        let twoSteps =
            lesson(expected: rightOutput).replacing("A timer every 10ms, for 25ms.", with: long) + """


                ```lab show timer.fire
                timer tick on main every 10ms
                run for 25ms
                expect event "timer.fire" "tick" count == 2
                ```

                ```expected
                \(rightOutput.replacing( "step1.lab", with: "step2.lab"))
                ```
                """
        directory.write(twoSteps, to: "01-long.md")
        let home = TemporaryDirectory(prefix: "tutorial-test")
        home.write("not a directory", to: ".runloop-lab")
        var options = TutorialOptions()
        options.directory = directory.path
        let console = RecordingConsole()
        var prompts = 0
        let status = TutorialSession(options: options, console: console, home: home.path, waitForEnter: { prompts += 1 }).run(lesson: 1)
        #expect(status == ExitCode.success, "\(console.output)")
        #expect(console.errors.filter { $0.hasPrefix("runloop-lab tutorial: progress not saved") }.count == 1)
        #expect(console.output.filter { $0 == "(press Enter to run this step; Ctrl-C stops, and the lesson resumes here)" }.count == 1)
        #expect(prompts == 2)
    }

    @Test("the tutorial directory is found from the executable's checkout when not given")
    func defaultDirectory() {
        #expect(TutorialOptions().directory.hasSuffix("Tutorials"))
        #expect(LessonLibrary(root: TutorialOptions().directory).lessonFileNames()?.isEmpty == false)
    }

    @Test("run resumes after the last step that matched")
    func resume() {
        let directory = TemporaryDirectory(prefix: "tutorial-test")
        let twoSteps =
            lesson(expected: rightOutput) + """


                ```lab show timer.fire
                timer tick on main every 10ms
                run for 25ms
                expect event "timer.fire" "tick" count == 2
                ```

                ```expected
                outcome: time-limit
                0.010000 T0 main timer.fire tick in kCFRunLoopDefaultMode
                0.020000 T0 main timer.fire tick in kCFRunLoopDefaultMode
                PASS step2.lab:3  expect event "timer.fire" "tick" count == 2
                ```
                """
        directory.write(twoSteps, to: "01-tiny.md")
        let home = TemporaryDirectory(prefix: "tutorial-test")
        home.write("1 1\n", to: ".runloop-lab/progress")

        let resumed = runTutorial(["run", "1", "--dir", directory.path, "--no-pause"], home: home.path)
        #expect(resumed.status == ExitCode.success)
        #expect(resumed.console.output.contains("Resuming at step 2; step 1 was done earlier (--restart shows them again)."))
        #expect(!resumed.console.output.contains("── step 1 of 2: running the scenario above"))
        #expect(resumed.console.output.contains("✓ step 2 matches the lesson"))
        #expect(TutorialProgress.load(home: home.path).steps(inLesson: 1) == 2)

        let restarted = runTutorial(["run", "1", "--dir", directory.path, "--restart", "--no-pause"], home: home.path)
        #expect(restarted.status == ExitCode.success)
        #expect(restarted.console.output.contains("✓ step 1 matches the lesson"))
    }

    @Test("a garbled or missing progress file is no progress")
    func garbledProgress() {
        let home = TemporaryDirectory(prefix: "tutorial-test")
        #expect(TutorialProgress.load(home: home.path) == TutorialProgress())
        home.write("01 two\n\u{0}\u{1}garbage\n3 4 5\n2 1\n", to: ".runloop-lab/progress")
        let progress = TutorialProgress.load(home: home.path)
        #expect(progress.steps(inLesson: 1) == 0)
        #expect(progress.steps(inLesson: 2) == 1)
        #expect(progress.text == "2 1\n")
    }

    @Test(
        "bad arguments print the usage and exit 64",
        arguments: [
            ["tutorial"],
            ["tutorial", "dance"],
            ["tutorial", "run"],
            ["tutorial", "run", "one"],
            ["tutorial", "run", "0"],
            ["tutorial", "run", "1", "--lang", "fr"],
            ["tutorial", "list", "extra"],
            ["tutorial", "check", "--no-pause=yes"],
            ["tutorial", "list", "--lang", "zh-Hans"],
            ["tutorial", "check", "--restart"],
            ["tutorial", "run", "1", "--rewrite"],
        ])
    func badArguments(_ arguments: [String]) {
        let console = RecordingConsole()
        let status = RunLoopLabCLI.run(arguments, console: console)
        #expect(status == ExitCode.usage)
        #expect(console.errorText.contains(TutorialCommand.usage))
    }

    @Test("an option of another subcommand is refused, naming the subcommand it belongs to")
    func optionOfAnotherSubcommand() {
        let console = RecordingConsole()
        #expect(RunLoopLabCLI.run(["tutorial", "check", "--lang", "zh-Hans"], console: console) == ExitCode.usage)
        #expect(console.errors.first == "runloop-lab: --lang applies to 'tutorial run' only")
    }

    @Test("--lang names the languages it accepts")
    func unknownLanguage() {
        let console = RecordingConsole()
        #expect(RunLoopLabCLI.run(["tutorial", "run", "1", "--lang", "fr"], console: console) == ExitCode.usage)
        #expect(console.errors.first == "runloop-lab: --lang expects en or zh-Hans, got 'fr'")
    }

    @Test("--help prints the usage")
    func help() {
        let (status, console) = runCLI("tutorial", "--help")
        #expect(status == ExitCode.success)
        #expect(console.outputText == TutorialCommand.usage)
    }
}

@Suite("Tutorial command steps")
struct CommandStepTests {
    @Test("a command block runs in-process and prints the command's output and exit status")
    func explore() throws {
        let lines = try CommandStep.lines(for: "runloop-lab explore --scenario counter --schedules 20")
        #expect(lines.count == 3)
        #expect(lines.first == "explore counter: random (seed 0); checkers: deadlock, lock-misuse, liveness, livelock, expect, lock-order")
        #expect(lines.dropFirst().first?.hasPrefix("no violation in 20 schedules") == true)
        #expect(lines.last == "exit status: 0")
    }

    @Test("the output does not depend on --jobs")
    func jobs() throws {
        let one = try CommandStep.lines(for: "runloop-lab explore --scenario abba --strategy pct --seed 3")
        let two = try CommandStep.lines(for: "runloop-lab explore --scenario abba --strategy pct --seed 3 --jobs 2")
        #expect(one.last == "exit status: 1")
        #expect(one.count > 10)
        #expect(one == two)
    }

    @Test("a quoted word keeps its spaces")
    func quotedSchedule() throws {
        let lines = try CommandStep.lines(for: #"runloop-lab trace --scenario abba --schedule "4:T2" --events lock.wait"#)
        #expect(
            lines == [
                "#12 0.000000 T2 ba lock.wait L0 A held by T1",
                "#13 0.000000 T1 ab lock.wait L1 B held by T2",
                "exit status: 0",
            ])
        #expect(CommandStep.words(of: #"a "b c" "d\"e" f"#) == .success(["a", "b c", "d\"e", "f"]))
    }

    @Test(
        "bad command lines say what is wrong",
        arguments: [
            ("explore --scenario abba", "error: a command step is one line starting with 'runloop-lab'"),
            ("runloop-lab tutorial check", "error: a command step runs explore, replay, trace, not 'tutorial'"),
            ("runloop-lab trace --scenario abba --output x.txt", "error: a command step prints its output; --output is not allowed"),
            (#"runloop-lab replay --schedule "4:T2"#, "error: a quoted word is never closed"),
            ("runloop-lab explore\nrunloop-lab explore", "error: a command step holds exactly one line"),
        ])
    func badLines(text: String, message: String) throws {
        #expect(try CommandStep.lines(for: text) == [message])
    }

    @Test("a usage error shows its message and exit status 64")
    func usageError() throws {
        #expect(
            try CommandStep.lines(for: "runloop-lab explore --scenario nope --list-all") == [
                "runloop-lab: unknown option '--list-all'", "exit status: 64",
            ])
    }

    @Test("a lesson with a command block parses it as a command step")
    func parsing() throws {
        let text = "# T\n\n```command\nrunloop-lab explore --scenario abba\n```\n\n```expected\nx\n```\n"
        let lesson = try Lesson.parse(text, fileName: "01-t.md")
        #expect(lesson.steps.map(\.kind) == [.command])
        #expect(lesson.steps.first?.scenario == "runloop-lab explore --scenario abba")
        #expect(throws: LessonFormatError.self) { try Lesson.parse("# T\n\n```command extra\nx\n```\n", fileName: "01-t.md") }
        #expect(throws: LessonFormatError.self) { try Lesson.parse("# T\n\n```command\nx\n```\n", fileName: "01-t.md") }
    }

    @Test("run names a command step's block as the command")
    func runCommandLesson() throws {
        let directory = TemporaryDirectory(prefix: "tutorial-test")
        let text =
            "# C\n\n```command\nrunloop-lab trace --scenario abba --schedule \"4:T2\" --events lock.wait\n```\n\n```expected\n"
            + "#12 0.000000 T2 ba lock.wait L0 A held by T1\n#13 0.000000 T1 ab lock.wait L1 B held by T2\nexit status: 0\n```\n"
        directory.write(text, to: "01-c.md")
        let run = runTutorial(["run", "1", "--dir", directory.path, "--no-pause"])
        #expect(run.status == ExitCode.success)
        #expect(run.console.output.contains("── step 1 of 1: running the command above"))
        #expect(run.console.output.contains("✓ step 1 matches the lesson"))
    }
}
