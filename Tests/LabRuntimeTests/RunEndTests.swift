import LabRuntime
import LabTestSupport
import Testing

/// What a simulation lets go of when its run ends, so that an explorer making thousands of
/// runs does not keep every run's trace and statics.
@Suite("The end of a run")
struct RunEndTests {
    final class Marker: Sendable {}

    struct WeakMarker: Sendable {
        weak var marker: Marker?
    }

    @Test("the trace moves to the result: the recorder is empty and records no more")
    func traceMovesToTheResult() {
        let simulation = Simulation(strategy: RandomStrategy(seed: 1))
        let result = simulation.run {
            let runtime = currentRuntime()
            runtime.yield("one")
            _ = runtime.spawnThread(named: "other") { runtime.yield("two") }
        }
        #expect(result.trace.contains { $0.name == "yield" })
        #expect(simulation.trace.snapshot.isEmpty)
        #expect(!simulation.trace.isEnabled)
    }

    @Test("runtime locals are released when the run ends, and are one per runtime while it lasts")
    func localsAreReleased() {
        let released = Shared(WeakMarker())
        let key = ObjectIdentifier(Marker.self)
        let simulation = Simulation(strategy: RandomStrategy(seed: 1))
        let sameWithin = Shared(false)
        _ = simulation.run {
            let locals = currentRuntime().locals
            let first = locals.value(for: key) { Marker() }
            sameWithin.update { $0 = locals.value(for: key) { Marker() } === first }
            released.update { $0.marker = first }
        }
        #expect(sameWithin.value)
        #expect(released.value.marker == nil)
    }

    final class WeakSimulation {
        weak var simulation: Simulation?
        init(_ simulation: Simulation) { self.simulation = simulation }
    }

    @Test(
        "a simulation whose threads all exited is deinitialised with its threads once its caller lets it go",
        arguments: [0, 1, 2] as [UInt64])
    func simulationIsReleased(seed: UInt64) {
        let released = Shared(WeakMarker())
        let weak = {
            let simulation = Simulation(strategy: RandomStrategy(seed: seed))
            let result = simulation.run {
                let runtime = currentRuntime()
                let worker = runtime.spawnThread(named: "worker") { [marker = Marker()] in
                    runtime.yield("worker")
                    released.update { $0.marker = marker }
                }
                runtime.yield("main")
                worker.join()
            }
            #expect(result.outcome == .quiescent)
            return WeakSimulation(simulation)
        }()
        #expect(weak.simulation == nil)
        #expect(released.value.marker == nil)
    }

    @Test(
        "a thread idle in a port wait when the run ends is answered run over and unwinds, releasing its frames and the simulation",
        arguments: [0, 1, 2] as [UInt64])
    func idleThreadUnwinds(seed: UInt64) {
        let released = Shared(WeakMarker())
        let answers = Shared<[PortSetWaitResult]>([])
        let weak = {
            let simulation = Simulation(strategy: RandomStrategy(seed: seed))
            let result = simulation.run {
                let runtime = currentRuntime()
                _ = runtime.spawnThread(named: "idle") {
                    let marker = Marker()
                    released.update { $0.marker = marker }
                    answers.append(runtime.makePortSet(named: "idle").wait(until: nil))
                    withExtendedLifetime(marker) {}
                }
                runtime.yield("main")
            }
            #expect(result.outcome == .quiescent)
            #expect(!result.trace.contains { $0.name == "thread.exit" && $0.threadName == "idle" })
            return WeakSimulation(simulation)
        }()
        #expect(answers.value == [.runOver])
        #expect(released.value.marker == nil)
        #expect(weak.simulation == nil)
    }

    @Test("threads of a deadlock are left where they stopped: nothing after their lock runs", arguments: [0, 1, 2] as [UInt64])
    func deadlockedThreadsStay(seed: UInt64) {
        let reached = Shared<[String]>([])
        let result = Simulation.run(seed: seed) {
            let runtime = currentRuntime()
            let a = runtime.makeLock(named: "A")
            let b = runtime.makeLock(named: "B")
            let gate = runtime.makeSemaphore(named: "both hold one", value: 0)
            let other = runtime.spawnThread(named: "other") {
                b.lock()
                gate.signal()
                a.lock()
                reached.append("other")
            }
            a.lock()
            gate.wait()
            b.lock()
            reached.append("main")
            other.join()
        }
        guard case .deadlock = result.outcome else {
            Issue.record("expected a deadlock, got \(result.outcome)")
            return
        }
        #expect(reached.value.isEmpty)
    }
}
