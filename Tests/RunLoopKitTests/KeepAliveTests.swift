// §9.1 row: "empty-mode ⇒ finished (sources, timers, matching blocks; not observers)" (must): the keep-alive
// port idiom of spec §9.2 item 2, simulated and live (with cross-thread perform + wait). More in EmptyModeTests.
import LabRuntime
import LabTestSupport
import RunLoopKit
import Testing

@Suite("Keep-alive: a loop with nothing in its mode exits")
struct KeepAliveTests {
    @Test("an empty mode returns finished at once, with no Entry or Exit", arguments: [0, 1, 2] as [UInt64])
    func emptyModeFinishes(seed: UInt64) throws {
        let results = Shared<[RunLoopResult]>([])
        // On a worker: the main queue keeps the main thread's default mode from being empty.
        let outcome = simulateOnWorker(seed: seed) {
            let loop = RunLoop.current
            loop.add(RunLoopObserver(activities: .all) { _, _ in }, forMode: .default)
            results.append(try! loop.run(mode: .default, before: .distantFuture))
        }
        #expect(outcome.outcome == .quiescent)
        #expect(results.value == [.finished])
        #expect(!outcome.trace.contains { $0.name == "loop.entry" || $0.name == "observer" })
    }

    @Test("a keep-alive port keeps the loop running until it is stopped from another thread", arguments: [0, 1, 2, 3] as [UInt64])
    func keepAlivePort(seed: UInt64) {
        let results = Shared<[RunLoopResult]>([])
        let outcome = Simulation.run(seed: seed) {
            let runtime = currentRuntime()
            let ready = runtime.makeSemaphore(named: "ready", value: 0)
            let network = runtime.spawnThread(named: "network") {
                let loop = RunLoop.current
                try! loop.add(EventFDPort(name: "keep-alive"), forMode: .default)
                loop.perform { ready.signal() }
                results.append(try! loop.run(mode: .default, before: .distantFuture))
            }
            ready.wait()
            RunLoop.of(network).stop()
            network.join()
        }
        #expect(outcome.outcome == .quiescent, "\(outcome.outcome)")
        #expect(results.value == [.stopped])
    }

    @Test("live: a keep-alive loop stays up and a cross-thread perform with wait runs on it")
    func liveKeepAliveAndPerform() {
        let runtime = LiveRuntime()
        let ranOn = Shared<[String]>([])
        let started = runtime.makeSemaphore(named: "started", value: 0)
        let failures = Shared<[String]>([])
        // The network thread is a secondary one, whose loop only its port keeps up.
        onMainThread(of: runtime) {
            let network = runtime.spawnThread(named: "network") {
                let loop = RunLoop.current
                try! loop.add(EventFDPort(name: "keep-alive"), forMode: .default)
                loop.perform { started.signal() }
                try! loop.run()
            }
            started.wait()
            for index in 0..<100 {
                do throws(RunLoopError) {
                    try RunLoop.perform(on: network, waitUntilDone: true) { ranOn.append("\(LabThread.current.name) \(index)") }
                } catch {
                    failures.append("\(error)")
                }
            }
            RunLoop.of(network).stop()
            network.join()
        }
        #expect(failures.value.isEmpty)
        #expect(ranOn.value == (0..<100).map { "network \($0)" })
    }
}
