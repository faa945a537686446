import Glibc
import LabRuntime
import LabTestSupport
import Testing

/// The close of one end of a simulated socket pair is settled: the simulation goes on only
/// once the other end sees the end of stream, however late the kernel shows it.
@Suite("Settling the close of a simulated socket pair")
struct CloseSettlingTests {
    /// Main closes one end of a socket pair while a reader waits up to 10 ms of virtual time
    /// for the other end. With `heldFor`, a second reference to the closed end (what a child
    /// process holds between `fork` and `exec`) lives on for that long in real time on a live
    /// thread, so the kernel shows the end of stream late: the injected fault.
    static func run(seed: UInt64, heldFor delay: Duration?) -> (result: SimulationResult, seen: String) {
        let seen = Shared("nothing")
        let result = Simulation.run(seed: seed) {
            let runtime = currentRuntime()
            var fds: [Int32] = [-1, -1]
            let type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
            guard socketpair(AF_UNIX, type, 0, &fds) == 0 else { return }
            let (closing, watched) = LabFileDescriptor.adoptingPair((fds[0], "closing end"), (fds[1], "watched end"))
            let reader = runtime.spawnThread(named: "reader") {
                let set = runtime.makePortSet(named: "watched")
                do {
                    try set.insert(watched, interest: .readable)
                } catch {
                    seen.update { $0 = "\(error)" }
                    return
                }
                let outcome = set.wait(until: runtime.now() + .milliseconds(10))
                seen.update { $0 = outcome == .timedOut ? "timed out at \(runtime.now())" : "end of stream at \(runtime.now())" }
            }
            if let delay {
                let held = dup(fds[0])
                let live = LiveRuntime.shared
                _ = live.spawnThread(named: "holder") {
                    live.sleep(until: live.now() + delay)
                    close(held)
                }
            }
            closing.close()
            reader.join()
        }
        return (result, seen.value)
    }

    @Test("a late end of stream gives the same trace as a prompt one", arguments: [0, 1, 2, 3] as [UInt64])
    func lateEndOfStream(seed: UInt64) {
        let prompt = Self.run(seed: seed, heldFor: nil)
        let late = Self.run(seed: seed, heldFor: .milliseconds(30))
        #expect(prompt.seen == "end of stream at 0.000000")
        #expect(late.seen == prompt.seen)
        #expect(late.result.outcome == .quiescent, "\(late.result.outcome)")
        #expect(late.result.traceText == prompt.result.traceText)
    }
}
