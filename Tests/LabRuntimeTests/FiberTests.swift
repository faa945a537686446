import CSystem
import Glibc
import LabRuntime
import Synchronization
import Testing

/// Simulated lab threads are fibers on the pthread that runs the simulation: what each
/// one sees of the thread's state must still be its own.
@Suite("Lab threads as fibers")
struct FiberTests {
    /// A class whose stored property the exclusivity checker tracks at run time.
    final class Shared: @unchecked Sendable { // Only the simulation's lab threads touch it, one at a time.
        var value = 0
    }

    /// Modifies `value` in place while `body` runs: a dynamic exclusive access that is open
    /// across whatever `body` does.
    @inline(never)
    static func modify(_ value: inout Int, during body: () -> Void) {
        body()
        value += 1
    }

    @Test(
        "an exclusive access open across a scheduling point is the open thread's own, not the next thread's",
        arguments: [0, 1, 2, 3] as [UInt64])
    func exclusiveAccessesFollowTheirThread(seed: UInt64) {
        let shared = Shared()
        let result = Simulation.run(seed: seed) {
            let runtime = currentRuntime()
            let peer = runtime.spawnThread(named: "peer") {
                Self.modify(&shared.value) { runtime.yield("inside the peer's access") }
            }
            Self.modify(&shared.value) { runtime.yield("inside main's access") }
            peer.join()
        }
        #expect(result.outcome == .quiescent)
        #expect(shared.value == 2)
    }

    @Test("errno set before a scheduling point is still there after it", arguments: [0, 1, 2, 3] as [UInt64])
    func errnoFollowsItsThread(seed: UInt64) {
        let seen = Mutex<[Int32]>([])
        let result = Simulation.run(seed: seed) {
            let runtime = currentRuntime()
            let peer = runtime.spawnThread(named: "peer") {
                errno = EAGAIN
                runtime.yield("peer")
                let after = errno
                seen.withLock { $0.append(after) }
            }
            errno = EINTR
            runtime.yield("main")
            let after = errno
            seen.withLock { $0.append(after) }
            peer.join()
        }
        #expect(result.outcome == .quiescent)
        #expect(seen.withLock { $0.sorted() } == [EINTR, EAGAIN].sorted())
    }

    @Test("a simulation run inside a lab thread of another leaves that thread current when it returns")
    func nestedSimulationRestoresTheCurrentThread() {
        let inner = Mutex<SimulationOutcome?>(nil)
        let outer = Simulation.run(seed: 5) {
            let before = LabThread.current
            let result = Simulation.run(seed: 6, main: Scenarios.mixed)
            #expect(LabThread.current === before)
            currentRuntime().yield("after the inner run")
            inner.withLock { $0 = result.outcome }
        }
        #expect(outer.outcome == .quiescent)
        #expect(inner.withLock { $0 } == .quiescent)
    }

    @Test("the thread that ran a simulation is its own lab thread again afterwards")
    func callerKeepsItsLabThread() {
        let before = LabThread.current
        _ = Simulation.run(seed: 1, main: Scenarios.mixed)
        #expect(LabThread.current === before)
        #expect(LabThread.current.runtime.flavor == .live)
    }

    @Test("thousands of short runs reuse their stacks")
    func manyRuns() {
        for seed in 0..<2_000 as Range<UInt64> {
            let result = Simulation(strategy: RandomStrategy(seed: seed), tracing: false).run {
                let runtime = currentRuntime()
                let peers = (0..<3).map { index in runtime.spawnThread(named: "peer \(index)") { runtime.yield("peer") } }
                for peer in peers { peer.join() }
            }
            guard result.outcome == .quiescent else {
                Issue.record("run \(seed) ended \(result.outcome)")
                return
            }
        }
    }

    /// Recurses until `depth` reaches `limit`; the array keeps each frame from being
    /// optimised away.
    @inline(never)
    static func recurse(_ depth: Int, until limit: Int) -> Int {
        guard depth < limit else { return depth }
        var frame = [depth, depth + 1]
        frame.append(recurse(depth + 1, until: limit))
        return frame.reduce(0, &+)
    }

    @Test("a stack overflow in a lab thread stops the process with a message naming the thread")
    func stackOverflowIsReported() async throws {
        let child = await #expect(processExitsWith: .signal(SIGSEGV), observing: [\.standardErrorContent]) {
            _ = Simulation.run(seed: 0) {
                let deep = currentRuntime().spawnThread(named: "deep") { _ = FiberTests.recurse(0, until: .max) }
                deep.join()
            }
        }
        let message = String(decoding: try #require(child).standardErrorContent, as: UTF8.self)
        #expect(message.contains("stack overflow in simulated lab thread T1 deep"))
    }
}
