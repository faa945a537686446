import LabRuntime
import Testing

/// What a simulated thread lets go of when its body returns.
@Suite("The end of a thread")
struct ThreadExitTests {
    /// Records a note in the trace when it is released.
    final class Marker: Sendable {
        let runtime: any Runtime

        init(runtime: any Runtime) { self.runtime = runtime }

        deinit { runtime.record(.note("marker released")) }
    }

    @Test(
        "what only a thread's body holds is released on that thread before its exit, not after the baton moved on",
        arguments: [1, 2, 3, 4] as [UInt64])
    func capturesAreReleasedBeforeTheExit(seed: UInt64) {
        let result = Simulation(strategy: RandomStrategy(seed: seed)).run {
            let runtime = currentRuntime()
            let spawned = runtime.makeSemaphore(named: "spawned", value: 0)
            let holder = runtime.spawnThread(named: "holder") { [marker = Marker(runtime: runtime)] in
                spawned.wait()
                _ = marker
            }
            spawned.signal()
            runtime.join(holder)
        }
        let released = result.trace.firstIndex { $0.kind == .note("marker released") }
        let exited = result.trace.firstIndex { $0.threadName == "holder" && $0.name == "thread.exit" }
        #expect(released.map { result.trace[$0].threadName } == "holder")
        #expect(released.flatMap { released in exited.map { released < $0 } } == true)
    }
}
