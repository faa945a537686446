// §9.1 rows: "run result codes finished/stopped/timedOut/handledSource" (must);
// "returnAfterSourceHandled (sources0/1 count; timers/blocks don't)" (must);
// "\"run common modes\" rejected" (should; here it throws `RunLoopError.cannotRunCommonModes`);
// "run timeout" (the deadline is the wait's timeout; a past deadline polls once).
import LabRuntime
import LabTestSupport
import RunLoopKit
import Testing

@Suite("Run results and returnAfterSourceHandled")
struct RunResultTests {
    @Test("each result code is produced: finished, stopped, timedOut, handledSource", arguments: [0, 1] as [UInt64])
    func everyResultCode(seed: UInt64) {
        let seen = Shared<[String]>([])
        let result = simulateOnWorker(seed: seed) {
            let loop = RunLoop.current
            let now = { currentRuntime().now().description }
            seen.append("\(runCurrent(for: .seconds(1)).map(\.description) ?? "error") at \(now())")
            let source = RunLoopSource(name: "v0") {}
            loop.add(source, forMode: .default)
            seen.append("\(runCurrent(for: .milliseconds(10)).map(\.description) ?? "error") at \(now())")
            source.signal()
            seen.append("\(runCurrent(for: .seconds(1), returnAfterSourceHandled: true).map(\.description) ?? "error") at \(now())")
            loop.perform { loop.stop() }
            seen.append("\(runCurrent(for: .seconds(1)).map(\.description) ?? "error") at \(now())")
            loop.remove(source, forMode: .default)
            seen.append("\(runCurrent(for: .seconds(1)).map(\.description) ?? "error") at \(now())")
        }
        #expect(result.outcome == .quiescent)
        let expected = [
            "finished at 0.000000", "timedOut at 0.010000", "handledSource at 0.010000",
            "stopped at 0.010000", "finished at 0.010000",
        ]
        #expect(seen.value == expected)
        let raw = [RunLoopResult.finished, .stopped, .timedOut, .handledSource].map(\.rawValue)
        #expect(raw == [1, 2, 3, 4])
    }

    @Test("a mode that empties during a run finishes it: the last one-shot timer fires, then finished")
    func finishedWhenModeEmpties() {
        let seen = Shared<[String]>([])
        let result = simulateOnWorker(seed: 0) {
            RunLoop.current.add(RunLoopTimer(fireAt: ms(20)) { _ in }, forMode: .default)
            let outcome = runCurrent(for: .seconds(1))
            seen.append("\(outcome.map(\.description) ?? "error") at \(currentRuntime().now())")
        }
        #expect(result.outcome == .quiescent)
        #expect(seen.value == ["finished at 0.020000"])
    }

    @Test("a deadline already passed polls once and times out")
    func pollOnce() {
        let seen = Shared<[String]>([])
        let result = Simulation.run(seed: 0) {
            let loop = RunLoop.current
            let source = RunLoopSource(name: "v0") { seen.append("performed") }
            loop.add(source, forMode: .default)
            source.signal()
            seen.append(runCurrent(for: .zero).map(\.description) ?? "error")
        }
        #expect(result.outcome == .quiescent)
        #expect(seen.value == ["performed", "timedOut"])
        #expect(result.events("loop.wait").isEmpty, "a poll pass does not sleep")
    }

    @Test("returnAfterSourceHandled: a version-0 source counts")
    func source0Counts() {
        let seen = Shared<[String]>([])
        let result = Simulation.run(seed: 0) {
            let source = RunLoopSource(name: "v0") {}
            RunLoop.current.add(source, forMode: .default)
            source.signal()
            let outcome = runCurrent(for: .seconds(1), returnAfterSourceHandled: true)
            seen.append("\(outcome.map(\.description) ?? "error") at \(currentRuntime().now())")
        }
        #expect(result.outcome == .quiescent)
        #expect(seen.value == ["handledSource at 0.000000"])
    }

    @Test("returnAfterSourceHandled: a version-1 port source counts", arguments: [0, 1, 2] as [UInt64])
    func source1Counts(seed: UInt64) {
        let seen = Shared<[String]>([])
        let result = Simulation.run(seed: seed) {
            let runtime = currentRuntime()
            let port = EventFDPort(name: "p")
            try? RunLoop.current.add(PortSource(port: port) { seen.append("perform \($0)") }, forMode: .default)
            let sender = runtime.spawnThread(named: "sender") {
                runtime.sleep(until: ms(30))
                port.send()
            }
            let outcome = runCurrent(for: .seconds(1), returnAfterSourceHandled: true)
            seen.append("\(outcome.map(\.description) ?? "error") at \(runtime.now())")
            sender.join()
        }
        #expect(result.outcome == .quiescent)
        #expect(seen.value == ["perform 1", "handledSource at 0.030000"])
    }

    @Test("returnAfterSourceHandled: timers do not count, so a run with only a timer firing goes on to its timeout")
    func timersDoNotCount() {
        let seen = Shared<[String]>([])
        let result = Simulation.run(seed: 0) {
            let timer = RunLoopTimer(fireAt: ms(10), interval: .milliseconds(10), name: "ticker") { _ in }
            RunLoop.current.add(timer, forMode: .default)
            let outcome = runCurrent(for: .milliseconds(55), returnAfterSourceHandled: true)
            seen.append("\(outcome.map(\.description) ?? "error") at \(currentRuntime().now())")
            timer.invalidate()
        }
        #expect(result.outcome == .quiescent)
        #expect(seen.value == ["timedOut at 0.055000"])
        #expect(result.times("timer.fire") == [ms(10), ms(20), ms(30), ms(40), ms(50)])
    }

    @Test("returnAfterSourceHandled: blocks do not count")
    func blocksDoNotCount() {
        let seen = Shared<[String]>([])
        let result = Simulation.run(seed: 0) {
            let loop = RunLoop.current
            _ = try? loop.add(EventFDPort(name: "keep-alive"), forMode: .default)
            loop.perform(label: "b1") {}
            loop.perform(label: "b2") { loop.perform(label: "b3") {} }
            let outcome = runCurrent(for: .milliseconds(40), returnAfterSourceHandled: true)
            seen.append("\(outcome.map(\.description) ?? "error") at \(currentRuntime().now())")
        }
        #expect(result.outcome == .quiescent)
        #expect(seen.value == ["timedOut at 0.040000"])
        #expect(
            result.details("perform.run") == [
                "b1 in kCFRunLoopDefaultMode", "b2 in kCFRunLoopDefaultMode",
                "b3 in kCFRunLoopDefaultMode",
            ])
    }

    @Test("running the .common pseudo-mode is refused with cannotRunCommonModes, and nothing runs")
    func runningCommonIsRefused() {
        let seen = Shared<[Result<RunLoopResult, RunLoopError>]>([])
        let result = Simulation.run(seed: 0) {
            let loop = RunLoop.current
            loop.add(RunLoopSource(name: "keep") {}, forMode: .common)
            seen.append(attempt { () throws(RunLoopError) in try loop.run(mode: .common, for: .seconds(1)) })
        }
        #expect(result.outcome == .quiescent)
        #expect(seen.value == [.failure(.cannotRunCommonModes)])
        #expect(result.endTime == .zero)
        #expect(result.events("loop.entry").isEmpty)
    }

    @Test("run() runs the default mode until the loop is stopped")
    func runUntilStopped() {
        let seen = Shared<[String]>([])
        let result = Simulation.run(seed: 0) {
            let loop = RunLoop.current
            let source = RunLoopSource(name: "v0") {}
            loop.add(source, forMode: .default)
            let ticks = Shared(0)
            let timer = RunLoopTimer(fireAt: ms(10), interval: .milliseconds(10), name: "ticker") { _ in
                ticks.update { $0 += 1 }
                if ticks.value == 3 { loop.stop() }
            }
            loop.add(timer, forMode: .default)
            do {
                try loop.run()
                seen.append("returned at \(currentRuntime().now())")
            } catch {
                seen.append("\(error)")
            }
            timer.invalidate()
        }
        #expect(result.outcome == .quiescent)
        #expect(seen.value == ["returned at 0.030000"])
    }
}
