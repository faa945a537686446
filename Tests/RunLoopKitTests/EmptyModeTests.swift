// §9.1 row: "empty-mode ⇒ finished (sources, timers, matching blocks; not observers)" (must), spec §2.3.
// KeepAliveTests holds the keep-alive port idiom. The loops run on a worker thread: T0 is the main thread,
// whose common modes the main queue keeps from being empty (rule 5, in MainQueueTests).
import LabRuntime
import LabTestSupport
import RunLoopKit
import Testing

@Suite("An empty mode finishes; sources, timers and matching blocks keep it alive, observers do not")
struct EmptyModeTests {
    @Test("nothing added: finished at once, with no Entry or Exit observers")
    func nothingAdded() {
        let seen = Shared<[String]>([])
        let result = simulateOnWorker(seed: 0) {
            let outcome = runCurrent(for: .seconds(1))
            seen.append("\(outcome.map(\.description) ?? "error") at \(currentRuntime().now())")
        }
        #expect(result.outcome == .quiescent)
        #expect(seen.value == ["finished at 0.000000"])
    }

    @Test("only an observer: finished at once, and the observer is not called")
    func onlyAnObserver() {
        let seen = Shared<[String]>([])
        let result = simulateOnWorker(seed: 0) {
            RunLoop.current.add(
                RunLoopObserver(activities: .all) { _, activity in seen.append("\(activity)") },
                forMode: .default)
            let outcome = runCurrent(for: .seconds(1))
            seen.append("\(outcome.map(\.description) ?? "error") at \(currentRuntime().now())")
        }
        #expect(result.outcome == .quiescent)
        #expect(seen.value == ["finished at 0.000000"])
    }

    @Test("an unsignalled version-0 source keeps the mode alive until the deadline")
    func unsignalledSourceKeepsAlive() {
        let seen = Shared<[String]>([])
        let result = simulateOnWorker(seed: 0) {
            RunLoop.current.add(RunLoopSource(name: "idle") { seen.append("performed") }, forMode: .default)
            let outcome = runCurrent(for: .milliseconds(200))
            seen.append("\(outcome.map(\.description) ?? "error") at \(currentRuntime().now())")
        }
        #expect(result.outcome == .quiescent)
        #expect(seen.value == ["timedOut at 0.200000"])
    }

    @Test("a timer keeps the mode alive; a port does too")
    func timerAndPortKeepAlive() {
        let seen = Shared<[RunLoopResult?]>([])
        let result = simulateOnWorker(seed: 0) {
            let loop = RunLoop.current
            let timer = RunLoopTimer(fireAt: ms(500)) { _ in }
            loop.add(timer, forMode: .default)
            seen.append(runCurrent(for: .milliseconds(100)))
            timer.invalidate()
            let port = EventFDPort(name: "p")
            _ = try? loop.add(port, forMode: .default)
            seen.append(runCurrent(for: .milliseconds(100)))
            try? loop.remove(port, forMode: .default)
            seen.append(runCurrent(for: .milliseconds(100)))
        }
        #expect(result.outcome == .quiescent)
        #expect(seen.value == [.timedOut, .timedOut, .finished])
    }

    @Test("only a queued block: the run starts, runs the block, then sleeps until the deadline (timedOut), spec §2.3")
    func onlyABlock() {
        let seen = Shared<[String]>([])
        let result = simulateOnWorker(seed: 0) {
            RunLoop.current.perform(label: "lone block") { seen.append("block at \(currentRuntime().now())") }
            let outcome = runCurrent(for: .seconds(1))
            seen.append("\(outcome.map(\.description) ?? "error") at \(currentRuntime().now())")
            seen.append(runCurrent(for: .seconds(1)).map(\.description) ?? "error")
        }
        #expect(result.outcome == .quiescent)
        #expect(seen.value == ["block at 0.000000", "timedOut at 1.000000", "finished"])
    }

    @Test("a block queued for another mode does not keep this one alive")
    func blockForAnotherMode() {
        let seen = Shared<[RunLoopResult?]>([])
        let result = simulateOnWorker(seed: 0) {
            RunLoop.current.perform(inModes: [.x]) {}
            seen.append(runCurrent(.default, for: .seconds(1)))
        }
        #expect(result.outcome == .quiescent)
        #expect(seen.value == [.finished])
    }
}
