import Glibc
import LabRuntime
import LabTestSupport
import Testing

/// A system call a lab thread cannot do without fails (no descriptor left for a port):
/// under a simulation the run ends with the error, for its caller to report, and the
/// process goes on.
@Suite("A failed system call ends the run, not the process")
struct SystemCallFailureTests {
    @Test("fail(EMFILE) on a lab thread ends the run with the error; nothing after it runs", arguments: [0, 1, 2] as [UInt64])
    func failEndsTheRun(seed: UInt64) {
        let reached = Shared<[String]>([])
        let result = Simulation.run(seed: seed) {
            let runtime = currentRuntime()
            _ = runtime.spawnThread(named: "other") {
                runtime.yield("other")
                reached.append("other")
            }
            runtime.yield("main")
            runtime.fail(SystemCallError("eventfd", errno: EMFILE))
        }
        #expect(result.outcome == .systemCallFailed(SystemCallError("eventfd", errno: EMFILE)))
        #expect(result.outcome.description.contains("eventfd failed: Too many open files (EMFILE)"))
        #expect(reached.value.count <= 1)
    }
}
