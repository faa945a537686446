import AFReplay
import LabRuntime
import LabTestSupport
import NetSim
import RunLoopKit
import Testing

/// The XCTest/Expecta way of waiting for an operation on the main thread:
/// `while !done { RunLoop.main.run(mode: .default, before: deadline) }`. Foundation's
/// `run(mode:before:)` is `CFRunLoopRunInMode(mode, seconds, true)`, so each run returns right
/// after the main queue delivers the completion, and the loop ends then, not at its timeout.
@Suite("Spin until done: a main-thread wait for an operation ends when it completes")
struct SpinUntilDoneTests {
    /// Starts a download of `/big`, then spins main's default mode until its completion block
    /// has run on the main queue or `timeout` passes; returns what happened. The main queue
    /// exists from launch in an app; here it is made before the first run.
    static func spin(timeout: Duration, server: LoopbackServer) -> [String] {
        let runtime = currentRuntime()
        _ = MainQueue.main
        let done = Shared<LabInstant?>(nil)
        let op = HTTPRequestOperation(request: get("/big", on: server), server: server, name: "op A")
        op.setCompletionBlockWithSuccess(
            { _, _ in done.update { $0 = runtime.now() } },
            failure: { _, _ in done.update { $0 = runtime.now() } })
        op.start()
        let deadline = runtime.now() + timeout
        var results: [String] = []
        while done.value == nil, runtime.now() < deadline {
            let result = try? RunLoop.of(LabThread.current).run(mode: .default, before: deadline, returnAfterSourceHandled: true)
            results.append(result?.description ?? "error")
        }
        guard let completed = done.value else { return ["timed out"] }
        return [
            "completed", "last run: \(results.last ?? "none")", "every run: \(Set(results).sorted().joined(separator: ", "))",
            "ended at the completion: \(runtime.now() == completed)",
        ]
    }

    @Test("simulated: the spin ends at the completion, long before its timeout", arguments: [UInt64(0), 1, 2, 3, 4])
    func simulated(seed: UInt64) {
        let seen = Shared<[String]>([])
        let result = Simulation.run(seed: seed, stepLimit: 300_000) {
            let server = makeServer()
            seen.update { $0 = Self.spin(timeout: .seconds(30), server: server) }
            server.stop()
        }
        #expect(result.outcome == .quiescent)
        #expect(
            seen.value == [
                "completed", "last run: handledSource", "every run: handledSource", "ended at the completion: true",
            ])
    }

    @Test("live: the spin ends when the operation completes")
    func live() {
        let runtime = LiveRuntime()
        let seen = Shared<[String]>([])
        let main = runtime.spawnThread(named: "main") {
            let server = makeServer()
            seen.update { $0 = Self.spin(timeout: .seconds(60), server: server) }
            server.stop()
        }
        runtime.join(main)
        #expect(seen.value.prefix(3) == ["completed", "last run: handledSource", "every run: handledSource"])
    }
}
