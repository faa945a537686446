import Testing

@testable import runloop_lab

@Suite("runloop-lab bench")
struct BenchCommandTests {
    @Test("bench without a benchmark name is a usage error")
    func missingBenchmark() {
        let (status, console) = runCLI("bench")
        #expect(status == ExitCode.usage)
        #expect(console.errors.first == "runloop-lab: missing benchmark name")
        #expect(console.errorText.contains(BenchCommand.usage))
    }

    @Test("an unknown benchmark is a usage error")
    func unknownBenchmark() {
        let (status, console) = runCLI("bench", "disk")
        #expect(status == ExitCode.usage)
        #expect(console.errors.first == "runloop-lab: unknown benchmark 'disk'")
    }

    @Test("each level of bench has its own --help", arguments: [["bench", "--help"], ["bench", "runloop", "--help"]])
    func help(arguments: [String]) {
        let console = RecordingConsole()
        let status = RunLoopLabCLI.run(arguments, console: console)
        #expect(status == ExitCode.success)
        #expect(console.outputText.hasPrefix("Usage: runloop-lab bench"))
    }

    @Test("a bad option value names the option, the expectation and the value")
    func badValue() {
        let (status, console) = runCLI("bench", "runloop", "--items", "lots")
        #expect(status == ExitCode.usage)
        #expect(console.errors.first == "runloop-lab: --items expects a whole number from 1 to 100000000, got 'lots'")
        #expect(console.errorText.contains(RunLoopBenchmark.usage))
        #expect(console.output.isEmpty)
    }

    @Test("negative idle seconds are rejected")
    func negativeSeconds() {
        let (status, console) = runCLI("bench", "runloop", "--idle-seconds=-1")
        #expect(status == ExitCode.usage)
        #expect(console.errors.first == "runloop-lab: --idle-seconds expects a number of seconds from 0 to 3600, got '-1'")
    }

    @Test("options parse in both spellings, with defaults for the rest")
    func options() throws {
        let options = try RunLoopBenchOptions.parse(["--iterations", "500", "--idle-seconds=0.5", "--repeat", "5"])
        #expect(options == RunLoopBenchOptions(roundTrips: 500, items: 1_000_000, repetitions: 5, idleSeconds: 0.5))
        #expect(try RunLoopBenchOptions.parse(["-h"]) == nil)
    }
}
