// §9.1 rows: "perform-block with mode / modes / common, FIFO, no wake" (must), spec §6 (E3);
// "`RunLoop.perform(inModes:)` Foundation wrapper" (must). The common-mode part is also in CommonModeTests.
import LabRuntime
import LabTestSupport
import RunLoopKit
import Testing

@Suite("Perform blocks: FIFO, per mode, no wake-up")
struct PerformBlockTests {
    @Test("blocks run in FIFO order, on the loop's thread")
    func fifo() {
        let seen = Shared<[String]>([])
        let result = Simulation.run(seed: 0) {
            let loop = RunLoop.current
            for index in 0..<5 { loop.perform { seen.append("\(index) on \(LabThread.current.name)") } }
            _ = runCurrent(for: .zero)
        }
        #expect(result.outcome == .quiescent)
        #expect(seen.value == (0..<5).map { "\($0) on main" })
    }

    @Test("blocks queued from another thread keep their FIFO order", arguments: [0, 1, 2, 3] as [UInt64])
    func fifoAcrossThreads(seed: UInt64) {
        let seen = Shared<[Int]>([])
        let result = Simulation.run(seed: seed) {
            let runtime = currentRuntime()
            let loop = RunLoop.current
            _ = try? loop.add(EventFDPort(name: "keep-alive"), forMode: .default)
            let producer = runtime.spawnThread(named: "producer") {
                for index in 0..<10 {
                    loop.perform { seen.append(index) }
                    loop.wakeUp()
                }
            }
            _ = runCurrent(for: .milliseconds(10))
            producer.join()
        }
        #expect(result.outcome == .quiescent)
        #expect(seen.value == Array(0..<10))
    }

    @Test("a block runs only in a mode it names: one mode, several modes, or common; others wait in order")
    func perMode() {
        let seen = Shared<[String]>([])
        let result = Simulation.run(seed: 0) {
            let loop = RunLoop.current
            let record = { (label: String) in { @Sendable in seen.append("\(label) in \(loop.currentMode?.name ?? "nil")") } }
            loop.perform(inModes: [.x], label: "x1", record("x1"))
            loop.perform(inModes: [.default, .y], label: "default+y", record("default+y"))
            loop.perform(inModes: [.y], label: "y", record("y"))
            loop.perform(inModes: [.x], label: "x2", record("x2"))
            loop.perform(inModes: [.common], label: "common", record("common"))
            _ = runCurrent(.y, for: .zero)
            seen.append("---")
            _ = runCurrent(.x, for: .zero)
            seen.append("---")
            _ = runCurrent(.default, for: .zero)
        }
        #expect(result.outcome == .quiescent)
        let expected = ["default+y in Y", "y in Y", "---", "x1 in X", "x2 in X", "---", "common in kCFRunLoopDefaultMode"]
        #expect(seen.value == expected)
    }

    @Test("perform() defaults to the default mode")
    func defaultMode() {
        let result = Simulation.run(seed: 0) {
            RunLoop.current.perform(label: "plain") {}
            _ = runCurrent(for: .zero)
        }
        #expect(result.outcome == .quiescent)
        #expect(result.details("perform.enqueue") == ["plain → T0 modes=[kCFRunLoopDefaultMode]"])
        #expect(result.details("perform.run") == ["plain in kCFRunLoopDefaultMode"])
    }

    @Test("perform(inModes:) creates the modes it names (spec E3)")
    func performCreatesModes() {
        let seen = Shared<[String]>([])
        let result = Simulation.run(seed: 0) {
            let loop = RunLoop.current
            loop.perform(inModes: [.x, .y]) {}
            loop.perform(inModes: [.common]) {}
            seen.append(loop.allModes.map(\.name).joined(separator: ","))
        }
        #expect(result.outcome == .quiescent)
        #expect(seen.value == ["kCFRunLoopDefaultMode,X,Y"])
    }

    /// A keep-alive loop runs for 2 s; at 300 ms another thread queues a block, and wakes the
    /// loop if `wake`. Returns what the loop saw and the run.
    private func lateBlock(seed: UInt64, wake: Bool) -> (seen: [String], result: SimulationResult) {
        let seen = Shared<[String]>([])
        let result = Simulation.run(seed: seed) {
            let runtime = currentRuntime()
            let loop = RunLoop.current
            _ = try? loop.add(EventFDPort(name: "keep-alive"), forMode: .default)
            let producer = runtime.spawnThread(named: "producer") {
                runtime.sleep(until: ms(300))
                loop.perform(label: "late") { seen.append("ran at \(runtime.now())") }
                if wake { loop.wakeUp() }
            }
            let outcome = runCurrent(for: .seconds(2))
            seen.append(outcome.map(\.description) ?? "error")
            producer.join()
        }
        return (seen.value, result)
    }

    @Test(
        "spec E3: a block queued from another thread does not wake the loop; it runs when the run times out",
        arguments: [0, 1, 2] as [UInt64])
    func noWake(seed: UInt64) {
        let (seen, result) = lateBlock(seed: seed, wake: false)
        #expect(result.outcome == .quiescent)
        #expect(seen == ["ran at 2.000000", "timedOut"])
        #expect(result.events("loop.wakeup").isEmpty)
    }

    @Test("with an explicit wakeUp the block runs at once (spec E3)", arguments: [0, 1, 2] as [UInt64])
    func wakeRunsAtOnce(seed: UInt64) {
        let (seen, result) = lateBlock(seed: seed, wake: true)
        #expect(result.outcome == .quiescent)
        #expect(seen == ["ran at 0.300000", "timedOut"])
    }

    @Test("spec E3: a block for X runs only when the loop runs X, and run(X) with only that block lasts its full timeout")
    func blockForXRunsOnlyInX() {
        let seen = Shared<[String]>([])
        let result = simulateOnWorker(seed: 0) {
            let runtime = currentRuntime()
            let loop = RunLoop.current
            loop.perform(inModes: [.x], label: "for X") { seen.append("ran in \(loop.currentMode?.name ?? "nil") at \(runtime.now())") }
            seen.append("default: \(runCurrent(.default, for: .seconds(1)).map(\.description) ?? "error")")
            let outcome = runCurrent(.x, for: .seconds(1))
            seen.append("X: \(outcome.map(\.description) ?? "error") at \(runtime.now())")
        }
        #expect(result.outcome == .quiescent)
        #expect(seen.value == ["default: finished", "ran in X at 0.000000", "X: timedOut at 1.000000"])
    }

    @Test("a block queued by a block waits for the next DoBlocks: after the wait, in the same pass")
    func blockQueuedDuringWalk() {
        let result = Simulation.run(seed: 0) {
            let loop = RunLoop.current
            _ = try? loop.add(EventFDPort(name: "keep-alive"), forMode: .default)
            loop.perform(label: "first") { loop.perform(label: "second") {} }
            _ = runCurrent(for: .milliseconds(50))
        }
        #expect(result.outcome == .quiescent)
        let story = result.story(["perform.run", "loop.wait", "loop.wake"])
        let expected = [
            "perform.run first in kCFRunLoopDefaultMode",
            "loop.wait kCFRunLoopDefaultMode until 0.050000",
            "loop.wake kCFRunLoopDefaultMode by timeout",
            "perform.run second in kCFRunLoopDefaultMode",
        ]
        #expect(story == expected)
    }
}
