import Foundation
import Testing

/// Runs the built `runloop-lab` in a child shell whose descriptor limit is lowered, so the
/// test process (shared with parallel tests) keeps its own limit.
@Suite("Running out of descriptors")
struct DescriptorExhaustionTests {
    /// `runloop-lab`, built next to the test bundle.
    static var executable: URL {
        URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("runloop-lab")
    }

    /// Runs `runloop-lab arguments` with at most `limit` open descriptors; returns its
    /// termination reason and status, and its standard error.
    static func run(limit: Int, _ arguments: [String]) throws -> (reason: Process.TerminationReason, status: Int32, standardError: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "exec 2>&1 >/dev/null; ulimit -n \(limit) && exec \"$0\" \"$@\"", executable.path] + arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationReason, process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    @Test("an explore run out of descriptors exits with EMFILE named, not a signal", arguments: [4, 6, 8])
    func exploreOutOfDescriptors(limit: Int) throws {
        let result = try Self.run(limit: limit, ["explore", "--scenario", "pause-cancel-pair-hardened", "--schedules", "5", "--jobs", "2"])
        #expect(result.reason == .exit)
        #expect(result.status == 71)
        #expect(result.standardError.contains("EMFILE"))
        #expect(result.standardError.contains("Too many open files"))
    }

    @Test("the same run with enough descriptors succeeds")
    func exploreWithDescriptors() throws {
        let result = try Self.run(limit: 256, ["explore", "--scenario", "pause-cancel-pair-hardened", "--schedules", "5", "--jobs", "2"])
        #expect(result.reason == .exit)
        #expect(result.status == 0)
    }

    @Test(
        "a live network benchmark out of descriptors exits with EMFILE named, not a signal or a spin",
        arguments: [10, 12, 16])
    func networkOutOfDescriptors(limit: Int) throws {
        let result = try Self.run(limit: limit, ["bench", "network", "--operations", "4", "--repeats", "1"])
        #expect(result.reason == .exit)
        #expect(result.status == 71)
        #expect(result.standardError.contains("EMFILE"))
    }
}
