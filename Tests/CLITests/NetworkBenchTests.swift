import Testing

@testable import runloop_lab

@Suite("runloop-lab bench network")
struct NetworkBenchTests {
    func figures(_ name: String, milliseconds: Int64, failed: Int = 0, fds: Int? = 130) -> NetworkFigures {
        NetworkFigures(
            name: name, operations: 100, maxOpen: 64, nanoseconds: milliseconds * 1_000_000,
            bodyBytes: 100 * 65_536, failed: failed, peakDescriptors: fds, peakResidentKiB: 2_048)
    }

    @Test("options: defaults, both spellings, and a comma-separated workload list")
    func options() throws {
        #expect(try NetworkBenchOptions.parse([]) == NetworkBenchOptions())
        let parsed = try NetworkBenchOptions.parse(["--operations", "5,50", "--max-open=8", "--body-bytes", "1024", "--repeats", "1"])
        #expect(parsed == NetworkBenchOptions(workloads: [5, 50], maxOpen: 8, bodyBytes: 1024, repeats: 1))
        #expect(try NetworkBenchOptions.parse(["--help"]) == nil)
        #expect(NetworkBenchOptions().heapTrim == .off)
        #expect(try NetworkBenchOptions.parse(["--heap-trim", "glibc"])?.heapTrim == .glibc)
    }

    @Test("a bad --heap-trim names the choices and the value", arguments: ["", "on", "GLIBC"])
    func badHeapTrim(value: String) {
        let (status, console) = runCLI("bench", "network", "--heap-trim", value)
        #expect(status == ExitCode.usage)
        #expect(console.errors.first == "runloop-lab: --heap-trim expects off or glibc, got '\(value)'")
    }

    @Test("a bad workload list names the option and the value", arguments: ["", "10,,20", "ten", "0", "5,-1"])
    func badWorkloads(value: String) {
        let (status, console) = runCLI("bench", "network", "--operations", value)
        #expect(status == ExitCode.usage)
        #expect(
            console.errors.first == "runloop-lab: --operations expects whole numbers from 1 to 1000000 separated by commas, got '\(value)'")
    }

    @Test("bench network has its own --help, and bench lists it")
    func help() {
        let (status, console) = runCLI("bench", "network", "--help")
        #expect(status == ExitCode.success)
        #expect(console.outputText.hasPrefix("Usage: runloop-lab bench network"))
        #expect(BenchCommand.usage.contains("network"))
    }

    @Test("the table pairs each AFReplay row with the C reader and shows the ratio of their MB/s")
    func table() {
        let table = NetworkBenchTable(rows: [(figures("lab", milliseconds: 40), figures("c", milliseconds: 10, fds: nil))])
        let lines = table.render().split(separator: "\n").map(String.init)
        #expect(lines.count == 4)
        #expect(lines[0] == "| operations | row | max open | completion time |       MB/s |  vs C | peak fds | peak RSS | failed |")
        #expect(lines[2] == "|        100 | lab |       64 |        40.00 ms | 163.8 MB/s | 0.25× |      130 |  2.0 MiB |      0 |")
        #expect(lines[3] == "|        100 | c   |       64 |        10.00 ms | 655.4 MB/s |     — |        — |  2.0 MiB |      0 |")
    }

    @Test("the median run is kept, with the highest peaks and every failure")
    func median() {
        let runs = [
            figures("lab", milliseconds: 30, fds: 100), figures("lab", milliseconds: 10, failed: 2, fds: 140),
            figures("lab", milliseconds: 20, fds: 120),
        ]
        let median = NetworkFigures.median(of: runs)
        #expect(median.nanoseconds == 20_000_000)
        #expect(median.failed == 2)
        #expect(median.peakDescriptors == 140)
    }

    @Test("live: a small run over loopback TCP completes every operation in both rows")
    func smallLiveRun() {
        let (status, console) = runCLI(
            "bench", "network", "--operations", "3,20", "--max-open", "4", "--body-bytes", "2000",
            "--repeats", "1", "--heap-trim", "glibc")
        #expect(status == ExitCode.success)
        #expect(console.outputText.contains("heap: glibc's default trimming"))
        let rows = console.outputText.split(separator: "\n").filter {
            $0.hasPrefix("|") && ($0.contains("AFReplay") || $0.contains("poll()"))
        }
        #expect(rows.count == 4)
        #expect(rows.allSatisfy { $0.hasSuffix("|      0 |") })
        #expect(console.outputText.contains("fd decision: queue."))
    }
}
