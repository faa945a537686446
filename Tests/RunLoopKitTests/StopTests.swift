// §9.1 row: "stop flag per activation (innermost only); stop when idle = no-op" (must), spec §1.4 (E9).
import LabRuntime
import LabTestSupport
import RunLoopKit
import Testing

@Suite("Stop: the innermost activation only; a no-op when the loop is not running")
struct StopTests {
    @Test("stop inside a nested run stops only the nested run; the outer run goes on to its deadline")
    func innermostOnly() {
        let seen = Shared<[String]>([])
        let result = Simulation.run(seed: 0) {
            let loop = RunLoop.current
            _ = try? loop.add(EventFDPort(name: "keep default"), forMode: .default)
            _ = try? loop.add(EventFDPort(name: "keep X"), forMode: .x)
            loop.perform(inModes: [.default]) {
                // Queued from inside the default block: blocks queued before it are held by
                // the outer run's pass until it ends (CF's DoBlocks detaches the whole list).
                loop.perform(inModes: [.x]) { loop.stop() }
                let inner = runCurrent(.x, for: .seconds(1))
                seen.append("inner \(inner.map(\.description) ?? "error") at \(currentRuntime().now())")
            }
            let outer = runCurrent(.default, for: .milliseconds(300))
            seen.append("outer \(outer.map(\.description) ?? "error") at \(currentRuntime().now())")
        }
        #expect(result.outcome == .quiescent)
        #expect(seen.value == ["inner stopped at 0.000000", "outer timedOut at 0.300000"])
        #expect(result.details("loop.stop") == ["T0"])
    }

    @Test("the same loop, nested in the same mode: stop ends the inner activation, the outer keeps its flag clear")
    func nestedSameMode() {
        let seen = Shared<[String]>([])
        let result = Simulation.run(seed: 0) {
            let loop = RunLoop.current
            _ = try? loop.add(EventFDPort(name: "keep-alive"), forMode: .default)
            loop.perform {
                loop.perform { loop.stop() }
                let inner = runCurrent(for: .seconds(1))
                seen.append("inner \(inner.map(\.description) ?? "error") depth=\(loop.nestingDepth)")
            }
            let outer = runCurrent(for: .milliseconds(100))
            seen.append("outer \(outer.map(\.description) ?? "error") at \(currentRuntime().now())")
        }
        #expect(result.outcome == .quiescent)
        #expect(seen.value == ["inner stopped depth=1", "outer timedOut at 0.100000"])
    }

    @Test("stop when the loop is not running is a no-op: the trace says so and the next run is not stopped")
    func stopWhenIdle() {
        let seen = Shared<[String]>([])
        let result = Simulation.run(seed: 0) {
            let loop = RunLoop.current
            _ = try? loop.add(EventFDPort(name: "keep-alive"), forMode: .default)
            loop.stop()
            let outcome = runCurrent(for: .milliseconds(100))
            seen.append("\(outcome.map(\.description) ?? "error") at \(currentRuntime().now())")
        }
        #expect(result.outcome == .quiescent)
        #expect(seen.value == ["timedOut at 0.100000"])
        #expect(result.details("loop.stop") == ["T0 (not running: no-op)"])
        let line = result.events("loop.stop").first?.description ?? ""
        #expect(line.hasSuffix("loop.stop T0 (not running: no-op)"))
    }

    @Test("stop from another thread wakes a sleeping loop and ends its run", arguments: [0, 1, 2, 3] as [UInt64])
    func stopFromAnotherThread(seed: UInt64) {
        let seen = Shared<[String]>([])
        let result = Simulation.run(seed: seed) {
            let runtime = currentRuntime()
            let worker = runtime.spawnThread(named: "worker") {
                _ = try? RunLoop.current.add(EventFDPort(name: "keep-alive"), forMode: .default)
                let outcome = runCurrent(for: .seconds(10))
                seen.append("\(outcome.map(\.description) ?? "error") at \(runtime.now())")
            }
            runtime.sleep(until: ms(40))
            RunLoop.of(worker).stop()
            worker.join()
        }
        #expect(result.outcome == .quiescent)
        #expect(seen.value == ["stopped at 0.040000"])
        #expect(result.details("loop.stop") == ["T1"])
    }

    @Test("stop from an Entry observer: the run returns stopped before its first pass")
    func stopFromEntryObserver() {
        let seen = Shared<[String]>([])
        let result = Simulation.run(seed: 0) {
            let loop = RunLoop.current
            _ = try? loop.add(EventFDPort(name: "keep-alive"), forMode: .default)
            loop.add(RunLoopObserver(activities: .entry, repeats: false) { _, _ in loop.stop() }, forMode: .default)
            loop.perform(label: "not yet") {}
            let outcome = runCurrent(for: .seconds(1))
            seen.append("\(outcome.map(\.description) ?? "error") at \(currentRuntime().now())")
        }
        #expect(result.outcome == .quiescent)
        #expect(seen.value == ["stopped at 0.000000"])
        #expect(result.events("perform.run").isEmpty)
    }

    @Test("a timeout wins over a stop in the same pass (spec §1.3 n: timeout is checked before stop)")
    func timeoutBeforeStop() {
        let seen = Shared<[RunLoopResult?]>([])
        let result = Simulation.run(seed: 0) {
            let loop = RunLoop.current
            let timer = RunLoopTimer(fireAt: ms(50), interval: .milliseconds(50)) { _ in loop.stop() }
            loop.add(timer, forMode: .default)
            seen.append(runCurrent(for: .milliseconds(50)))
            timer.invalidate()
        }
        #expect(result.outcome == .quiescent)
        #expect(seen.value == [.timedOut])
    }
}
