// §9.1 rows: "per-loop wake port" (must); "wake-ups ignored while not running / while processing after a
// wake" (should), spec §3.4 (E13); the coalescing of wake-ups in the eventfd.
import LabRuntime
import LabTestSupport
import RunLoopKit
import Testing

@Suite("Wake-ups: one wake port per loop, ignored while not running, coalesced")
struct WakeUpTests {
    @Test("a wakeUp from another thread ends the sleep at once", arguments: [0, 1, 2] as [UInt64])
    func wakeUpEndsTheSleep(seed: UInt64) {
        let seen = Shared<[String]>([])
        let result = Simulation.run(seed: seed) {
            let runtime = currentRuntime()
            let loop = RunLoop.current
            _ = try? loop.add(EventFDPort(name: "keep-alive"), forMode: .default)
            let waker = runtime.spawnThread(named: "waker") {
                runtime.sleep(until: ms(25))
                loop.wakeUp()
            }
            loop.add(
                RunLoopObserver(activities: .afterWaiting) { _, _ in seen.append("awake at \(runtime.now())") },
                forMode: .default)
            _ = runCurrent(for: .milliseconds(100))
            waker.join()
        }
        #expect(result.outcome == .quiescent)
        #expect(seen.value == ["awake at 0.025000", "awake at 0.100000"])
        #expect(result.details("loop.wakeup") == ["T0"])
        #expect(result.details("loop.wake") == ["kCFRunLoopDefaultMode by wake-up", "kCFRunLoopDefaultMode by timeout"])
    }

    @Test(
        "spec E13: a wake-up sent before the loop runs is lost (ignored) and the run sleeps its full timeout",
        arguments: [0, 1] as [UInt64])
    func wakeUpBeforeRunIsLost(seed: UInt64) {
        let seen = Shared<[String]>([])
        let result = Simulation.run(seed: seed) {
            let runtime = currentRuntime()
            let loop = RunLoop.current
            _ = try? loop.add(EventFDPort(name: "keep-alive"), forMode: .default)
            let waker = runtime.spawnThread(named: "waker") { loop.wakeUp() }
            waker.join()
            let outcome = runCurrent(for: .milliseconds(500))
            seen.append("\(outcome.map(\.description) ?? "error") at \(runtime.now())")
        }
        #expect(result.outcome == .quiescent)
        #expect(seen.value == ["timedOut at 0.500000"])
        #expect(result.details("loop.wakeup") == ["T0 ignored"])
        let line = result.events("loop.wakeup").first?.description ?? ""
        #expect(line.hasSuffix("T1 waker loop.wakeup T0 ignored"))
        #expect(result.details("loop.wake") == ["kCFRunLoopDefaultMode by timeout"])
    }

    @Test("wake-ups sent while the loop is busy before it sleeps coalesce into one wake of the next wait")
    func wakeUpsCoalesce() {
        let seen = Shared<[String]>([])
        let result = Simulation.run(seed: 0) {
            let runtime = currentRuntime()
            let loop = RunLoop.current
            _ = try? loop.add(EventFDPort(name: "keep-alive"), forMode: .default)
            loop.perform(label: "three wakes") {
                loop.wakeUp()
                loop.wakeUp()
                loop.wakeUp()
            }
            let outcome = runCurrent(for: .milliseconds(100))
            seen.append("\(outcome.map(\.description) ?? "error") at \(runtime.now())")
        }
        #expect(result.outcome == .quiescent)
        #expect(seen.value == ["timedOut at 0.100000"])
        #expect(result.details("loop.wakeup") == ["T0", "T0", "T0"])
        let wakes = result.details("loop.wake")
        #expect(wakes == ["kCFRunLoopDefaultMode by wake-up", "kCFRunLoopDefaultMode by timeout"])
        #expect(result.times("loop.wake") == [ms(0), ms(100)])
    }

    @Test("a wake-up sent after the loop woke, before its next pass, is ignored: the loop looks at its work anyway")
    func wakeUpIgnoredWhileProcessingAfterAWake() {
        let seen = Shared<[String]>([])
        let result = Simulation.run(seed: 0) {
            let runtime = currentRuntime()
            let loop = RunLoop.current
            _ = try? loop.add(EventFDPort(name: "keep-alive"), forMode: .default)
            let timer = RunLoopTimer(fireAt: ms(10), name: "t") { _ in loop.wakeUp() }
            loop.add(timer, forMode: .default)
            let outcome = runCurrent(for: .milliseconds(100))
            seen.append("\(outcome.map(\.description) ?? "error") at \(runtime.now())")
        }
        #expect(result.outcome == .quiescent)
        #expect(seen.value == ["timedOut at 0.100000"])
        #expect(result.details("loop.wakeup") == ["T0 ignored"])
        #expect(result.details("loop.wake") == ["kCFRunLoopDefaultMode by timer", "kCFRunLoopDefaultMode by timeout"])
    }

    @Test("each loop has its own wake port: waking one loop does not wake another", arguments: [0, 1, 2] as [UInt64])
    func perLoopWakePort(seed: UInt64) {
        let seen = Shared<[String]>([])
        let result = Simulation.run(seed: seed) {
            let runtime = currentRuntime()
            let threads = ["a", "b"].map { name in
                runtime.spawnThread(named: name) {
                    _ = try? RunLoop.current.add(EventFDPort(name: "keep \(name)"), forMode: .default)
                    let outcome = runCurrent(for: .milliseconds(100))
                    seen.append("\(name) \(outcome.map(\.description) ?? "error") at \(runtime.now())")
                }
            }
            runtime.sleep(until: ms(30))
            RunLoop.of(threads[0]).stop()
            for thread in threads { thread.join() }
        }
        #expect(result.outcome == .quiescent)
        let lines = seen.value.sorted()
        #expect(lines == ["a stopped at 0.030000", "b timedOut at 0.100000"])
    }
}
