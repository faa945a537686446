import Glibc
import Testing

@testable import runloop_lab

/// `runloop-lab demo` as a step-through: its arguments, its errors and its plain output.
@Suite("runloop-lab demo: the step-through")
struct DemoStepThroughCommandTests {
    /// Writes `text` to a fresh file under /tmp and returns its path.
    static func temporaryFile(_ name: String, _ text: String) -> String {
        let path = "/tmp/runloop-lab-\(getpid())-\(name)"
        let file = fopen(path, "w")
        fputs(text, file)
        fclose(file)
        return path
    }

    @Test("a file, --seed and --auto are read; without a terminal the demo is not interactive")
    func options() throws {
        let options = try DemoOptions.parse(["x.lab", "--seed", "3", "--auto"], colorAllowed: false, terminal: true)
        #expect(options == DemoOptions(useColor: false, file: "x.lab", seed: 3))
        #expect(try DemoOptions.parse([], colorAllowed: false, terminal: true)?.interactive == true)
        #expect(try DemoOptions.parse(["--seed=4"], colorAllowed: false, terminal: false) == DemoOptions(useColor: false, seed: 4))
        #expect(try DemoOptions.parse(["--live"], colorAllowed: true, terminal: false) == DemoOptions(useColor: true, live: true))
    }

    @Test(
        "bad arguments print the usage and exit 64",
        arguments: [
            (["a.lab", "b.lab"], "runloop-lab: unexpected argument 'b.lab' (demo takes one scenario file)"),
            (["--seed", "many"], "runloop-lab: --seed expects a whole number from 0 to \(Int.max), got 'many'"),
            (["--seed"], "runloop-lab: --seed needs a value (N)"),
            (["--live", "--auto"], "runloop-lab: --live runs the live walkthrough and takes only --no-color"),
        ])
    func badArguments(arguments: [String], message: String) {
        let console = RecordingConsole()
        let status = RunLoopLabCLI.run(["demo"] + arguments, console: console)
        #expect(status == ExitCode.usage)
        #expect(console.errors.first == message)
        #expect(console.errorText.contains(DemoCommand.usage))
    }

    @Test("a missing file says so and exits 1")
    func missingFile() {
        let (status, console) = runCLI("demo", "/tmp/no-such-scenario.lab", "--auto")
        #expect(status == ExitCode.failure)
        #expect(console.errors == ["runloop-lab demo: cannot read '/tmp/no-such-scenario.lab': no such file or not readable"])
        #expect(console.output.isEmpty)
    }

    @Test("a malformed scenario prints the parser's line:column diagnostics and exits 1")
    func malformedScenario() {
        let path = Self.temporaryFile("bad.lab", "op A = http GET /nowhere\non main: start B\n")
        defer { unlink(path) }
        let (status, console) = runCLI("demo", path, "--auto")
        #expect(status == ExitCode.failure)
        #expect(console.errorText.contains("bad.lab:1:"))
        #expect(console.errorText.contains("bad.lab:2:16: error: unknown operation 'B'"))
        #expect(console.output.isEmpty)
    }

    @Test("the final table lists a declared operation that never started, as ready, after those the run touched")
    func unstartedOperationListed() {
        let path = Self.temporaryFile(
            "unstarted.lab",
            "server GET /x -> 200 body 4 bytes\nop A = http GET /x\nop B = http GET /x\nop t = task GET /x\n"
                + "on main: start A\nrun until idle\n")
        defer { unlink(path) }
        let (status, console) = runCLI("demo", path, "--auto", "--no-color")
        #expect(status == ExitCode.success)
        let table = console.output.drop { !$0.hasPrefix("   operation  state") }
        #expect(table.dropFirst().first?.hasPrefix("   op A       finished") == true)
        #expect(table.dropFirst(2).first == "   op B       ready      no        -           0      none             none        -")
        #expect(table.count == 3, "a session task is not declared by name in the trace, so it is not listed")
    }

    @Test("an operation cancelled before its connection exists shows the error cancelConnection stored")
    func errorStoredWithoutCallback() {
        let path = Self.temporaryFile(
            "cancelled-early.lab",
            "server GET /x -> 200 body 4 bytes\nop A = http GET /x completion\non main: start A; cancel A\nrun until idle\n")
        defer { unlink(path) }
        let (status, console) = runCLI("demo", path, "--auto", "--no-color")
        #expect(status == ExitCode.success)
        #expect(console.output.last == "   op A       finished   yes       -           0      cancelled (−999) failure     -")
    }

    @Test("--auto prints the same text for the same seed, and the seed is named", arguments: [UInt64(3), 7])
    func autoIsDeterministic(seed: UInt64) {
        let first = runCLI("demo", "--auto", "--no-color", "--seed", "\(seed)")
        let second = runCLI("demo", "--auto", "--no-color", "--seed", "\(seed)")
        #expect(first.status == ExitCode.success)
        #expect(first.console.outputText == second.console.outputText)
        #expect(first.console.output.first?.hasPrefix("== part 1 of 2: interview-question.lab · random seed \(seed) · ") == true)
        #expect(first.console.output.contains { $0.hasPrefix("== part 2 of 2: session manager (built in) · random seed \(seed)") })
        #expect(!first.console.outputText.contains("\u{1B}["))
    }

    @Test("with colour the transcript paints threads and headings in ANSI escapes")
    func colors() {
        var lines: [String] = []
        let stepper = StepThrough(program: SessionManagerProgram(), recipe: .random(seed: 7))
        StepTranscript(style: DemoStyle(colors: true)).write(stepper, part: 1, of: 1) { lines.append($0) }
        #expect(lines.first?.hasPrefix("\u{1B}[1m== session manager (built in)") == true)
        #expect(lines.contains { $0.hasPrefix("\u{1B}[36mevent 1 · #0 0.000000 T0 main · thread · ") })
    }

    @Test("the default run prints every step, the callbacks reaching their operations, and the checks")
    func defaultTranscript() {
        let (status, console) = runCLI("demo", "--auto", "--no-color")
        #expect(status == ExitCode.success)
        let text = console.outputText
        #expect(
            text.contains(
                "event 150 · #149 0.000000 T2 AFNetworking · callback → operation · connection.callback C0 didReceiveResponse 200 → op big")
        )
        #expect(text.contains("    ↳ C0 calls its own delegate, op big, directly: no dictionary, no lookup"))
        #expect(text.contains("   22 of 22 expect lines held"))
        #expect(text.contains("the manager looked task 1 up in its task id → delegate dictionary, under its lock"))
    }

    @Test("a scenario file runs alone, under its own strategy")
    func scenarioFile() {
        let path = Self.temporaryFile("one.lab", "thread worker\non worker: perform on main\nrun for 1ms\nexpect outcome == quiescent\n")
        defer { unlink(path) }
        let (status, console) = runCLI("demo", path, "--auto", "--no-color")
        #expect(status == ExitCode.success)
        #expect(console.output.first?.hasPrefix("== runloop-lab-\(getpid())-one.lab · random seed 0 · ") == true)
        #expect(!console.outputText.contains("part 2"))
        #expect(console.outputText.contains("1 of 1 expect lines held"))
    }
}
