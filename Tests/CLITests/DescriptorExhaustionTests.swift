import Foundation
import LabTestSupport
import Testing

/// Runs the built `runloop-lab` in a child shell whose descriptor limit is lowered, so the
/// test process (shared with parallel tests) keeps its own limit. A child that hangs instead
/// of reporting the error fails the test when its time runs out.
@Suite("Running out of descriptors", .timeLimit(.minutes(2)))
struct DescriptorExhaustionTests {
    /// `runloop-lab`, built next to the test bundle.
    static var executable: URL {
        URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("runloop-lab")
    }

    /// Runs `runloop-lab arguments` with at most `limit` open descriptors; returns its
    /// ending and its standard error.
    static func run(limit: Int, _ arguments: [String]) throws -> (ending: ChildProcess.Ending, standardError: String) {
        let child = try ChildProcess.run(
            "/bin/sh", ["-c", "exec 2>&1 >/dev/null; ulimit -n \(limit) && exec \"$0\" \"$@\"", executable.path] + arguments)
        return (child.ending, child.standardOutput)
    }

    @Test("an explore run out of descriptors exits with EMFILE named, not a signal", arguments: [4, 6, 8])
    func exploreOutOfDescriptors(limit: Int) throws {
        let result = try Self.run(limit: limit, ["explore", "--scenario", "pause-cancel-pair-hardened", "--schedules", "5", "--jobs", "2"])
        #expect(result.ending == .exit(71))
        #expect(result.standardError.contains("EMFILE"))
        #expect(result.standardError.contains("Too many open files"))
    }

    @Test("the same run with enough descriptors succeeds")
    func exploreWithDescriptors() throws {
        let result = try Self.run(limit: 256, ["explore", "--scenario", "pause-cancel-pair-hardened", "--schedules", "5", "--jobs", "2"])
        #expect(result.ending == .exit(0))
    }

    @Test(
        "a scenario command, the live demo or bench runloop out of descriptors exits 71 with one error line naming EMFILE",
        arguments: [
            ["check", "Tutorials/scenarios/interview-question.lab"], ["demo", "--auto", "--no-color"], ["demo", "--live", "--no-color"],
            ["tutorial", "check"], ["trace", "--scenario", "Tutorials/scenarios/interview-question.lab"],
            ["replay", "--scenario", "Tutorials/scenarios/interview-question.lab", "--schedule", "4:T1"],
            ["bench", "runloop", "--iterations", "50", "--items", "50", "--idle-seconds", "0"],
        ])
    func scenarioCommandOutOfDescriptors(arguments: [String]) throws {
        // From the checkout, where `demo` and `tutorial check` find their files.
        let checkout = String(tutorialsDirectory.dropLast("/Tutorials".count))
        let child = try ChildProcess.run(
            "/bin/sh",
            ["-c", "exec 2>&1 >/dev/null; cd \"$1\" && shift && ulimit -n 5 && exec \"$0\" \"$@\"", Self.executable.path, checkout]
                + arguments)
        #expect(child.ending == .exit(71))
        // Only bench prints more on standard error: its progress lines, before the error.
        let lines = child.outputLines
        #expect(lines.filter { $0.contains("EMFILE") }.count == 1, "\(child.standardOutput)")
        #expect(lines.last?.hasPrefix("runloop-lab \(arguments[0])") == true, "\(child.standardOutput)")
        #expect(lines.last?.contains("Too many open files (EMFILE)") == true, "\(child.standardOutput)")
        #expect(lines.dropLast().allSatisfy { $0.hasPrefix("measuring ") }, "\(child.standardOutput)")
    }

    @Test(
        "a live network benchmark out of descriptors exits with EMFILE named, not a signal or a spin",
        arguments: [10, 12, 16])
    func networkOutOfDescriptors(limit: Int) throws {
        let result = try Self.run(limit: limit, ["bench", "network", "--operations", "4", "--repeats", "1"])
        #expect(result.ending == .exit(71))
        #expect(result.standardError.contains("EMFILE"))
    }
}
