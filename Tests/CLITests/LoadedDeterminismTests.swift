import Foundation
import LabTestSupport
import Synchronization
import Testing

@testable import runloop_lab

/// The same seed gives the same output while the process is busy elsewhere: other threads
/// spin, ping-pong over a socket pair and spawn child processes, each of which holds a copy
/// of every descriptor, the simulation's sockets among them, until it calls `exec`.
@Suite("Determinism under load", .serialized)
struct LoadedDeterminismTests {
    /// Runs `body` while load threads keep the process busy; stops and joins them after.
    static func underLoad<Result>(_ body: () -> Result) -> Result {
        let stop = Atomic<Bool>(false)
        let finished = DispatchGroup()
        let loads: [@Sendable () -> Void] = [spawnChildren, spawnChildren, pingPong, spin]
        for load in loads {
            finished.enter()
            Thread.detachNewThread {
                while !stop.load(ordering: .relaxed) { load() }
                finished.leave()
            }
        }
        defer {
            stop.store(true, ordering: .relaxed)
            finished.wait()
        }
        return body()
    }

    /// Runs `/bin/true`: between its `fork` and `exec` the child holds every descriptor of
    /// this process, so a simulated socket closed meanwhile shows its end of stream late.
    @Sendable static func spawnChildren() {
        _ = try? ChildProcess.run("/bin/true")
    }

    /// A thousand one-byte round trips over a socket pair of its own.
    @Sendable static func pingPong() {
        var fds: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &fds) == 0 else { return }
        var byte: UInt8 = 0
        for _ in 0..<1_000 {
            _ = write(fds[0], &byte, 1)
            _ = read(fds[1], &byte, 1)
        }
        close(fds[0])
        close(fds[1])
    }

    /// Keeps a core busy for a moment.
    @Sendable static func spin() {
        var sum = 0
        for index in 0..<100_000 { sum &+= index }
        withExtendedLifetime(sum) {}
    }

    /// The console text of `runloop-lab arguments`, `times` times under load.
    static func outputs(_ arguments: [String], times: Int) -> [String] {
        underLoad {
            (0..<times).map { _ in
                let console = RecordingConsole()
                _ = RunLoopLabCLI.run(arguments, console: console)
                return console.outputText
            }
        }
    }

    static let scenarios = ["pause-after-start-hardened", tutorialsDirectory + "/scenarios/interview-question.lab"]

    @Test("a trace is byte-identical every time", arguments: scenarios)
    func trace(scenario: String) {
        let outputs = Self.outputs(["trace", "--scenario", scenario, "--seed", "0"], times: 20)
        #expect(outputs.first?.contains("thread.start") == true)
        #expect(Set(outputs).count == 1)
    }

    @Test("an exploration counts the same scheduling points every time")
    func explore() {
        let arguments = ["explore", "--scenario", "pause-after-start-hardened", "--schedules", "200", "--no-interleaving"]
        let outputs = Self.outputs(arguments, times: 8)
        #expect(outputs.first?.contains("scheduling points") == true)
        #expect(Set(outputs).count == 1, "\(Set(outputs))")
    }
}
