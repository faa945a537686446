// §9.1 rows: "main dispatch queue makes main loop's common modes non-empty, serviced by loop",
// "returnAfterSourceHandled (sources0/1 + main queue count)" and the `didDispatchPortLastTime`
// peek; spec §1.2, §1.3 steps h–l, §2.3 rule 5, §10 ("Main queue vs main run loop?").
import LabRuntime
import LabTestSupport
import RunLoopKit
import Testing

@Suite("The main queue is a source of the main loop's common modes")
struct MainQueueTests {
    @Test("a main-queue block queued from another thread wakes main, and the run returns handledSource", arguments: [UInt64(0), 1, 2])
    func handledSourceAfterABlock(seed: UInt64) {
        let seen = Shared<[String]>([])
        let result = Simulation.run(seed: seed) {
            let queue = RunLoop.current.mainQueue
            let runtime = currentRuntime()
            _ = runtime.spawnThread(named: "producer") {
                queue.async(label: "from producer") { seen.append("block on \(LabThread.current.name)") }
            }
            let outcome = runCurrent(for: .seconds(5), returnAfterSourceHandled: true)
            seen.append("\(outcome.map(\.description) ?? "error") at \(runtime.now())")
        }
        #expect(result.outcome == .quiescent)
        #expect(seen.value == ["block on main", "handledSource at 0.000000"])
        #expect(result.details("loop.wake").contains("kCFRunLoopDefaultMode by main queue"))
    }

    @Test("the blocks queued when the port is handled run in one pass, in FIFO order; one queued by them waits for the next")
    func servesASnapshot() {
        let seen = Shared<[String]>([])
        let result = Simulation.run(seed: 0) {
            let queue = RunLoop.current.mainQueue
            queue.async(label: "first") {
                seen.append("first")
                queue.async(label: "third") { seen.append("third") }
            }
            queue.async(label: "second") { seen.append("second") }
            seen.append(runCurrent(for: .seconds(1), returnAfterSourceHandled: true).map(\.description) ?? "error")
            seen.append(runCurrent(for: .seconds(1), returnAfterSourceHandled: true).map(\.description) ?? "error")
        }
        #expect(result.outcome == .quiescent)
        #expect(seen.value == ["first", "second", "handledSource", "third", "handledSource"])
        #expect(result.details("port.send") == ["main queue port", "main queue port"])
    }

    @Test(
        "an empty default mode on main is not finished, nor a common mode with only an observer; a custom mode is finished at once",
        arguments: [false, true])
    func emptyDefaultModeOnMainIsNotFinished(askedForTheQueue: Bool) {
        let seen = Shared<[String]>([])
        let result = Simulation.run(seed: 0) {
            // CF's main queue exists from launch: whether the lab's object was made changes nothing.
            if askedForTheQueue { _ = RunLoop.current.mainQueue }
            seen.append("default: \(runCurrent(for: .milliseconds(200)).map(\.description) ?? "error") at \(currentRuntime().now())")
            seen.append("X: \(runCurrent(.x, for: .milliseconds(200)).map(\.description) ?? "error") at \(currentRuntime().now())")
            RunLoop.current.addCommonMode(.y)
            RunLoop.current.add(RunLoopObserver(activities: .all) { _, _ in }, forMode: .y)
            seen.append("common Y: \(runCurrent(.y, for: .milliseconds(200)).map(\.description) ?? "error") at \(currentRuntime().now())")
        }
        #expect(result.outcome == .quiescent)
        #expect(
            seen.value == [
                "default: timedOut at 0.200000", "X: finished at 0.200000", "common Y: timedOut at 0.400000",
            ])
    }

    @Test("another thread's empty default mode is finished: only the main loop has the main queue", arguments: [false, true])
    func otherThreadsAreUnaffected(askedForTheQueue: Bool) {
        let seen = Shared<[String]>([])
        let result = Simulation.run(seed: 0) {
            if askedForTheQueue { _ = RunLoop.current.mainQueue }
            let worker = currentRuntime().spawnThread(named: "worker") {
                seen.append(runCurrent(for: .milliseconds(200)).map(\.description) ?? "error")
            }
            currentRuntime().join(worker)
        }
        #expect(result.outcome == .quiescent)
        #expect(seen.value == ["finished"])
    }

    @Test(
        "a main queue first asked for on another thread while main's loop runs is served by that run",
        arguments: [0, 1, 2] as [UInt64])
    func queueFirstAskedForDuringARun(seed: UInt64) {
        let seen = Shared<[String]>([])
        let result = Simulation.run(seed: seed) {
            let runtime = currentRuntime()
            let loop = RunLoop.current
            _ = try? loop.add(EventFDPort(name: "keep-alive"), forMode: .default)
            let worker = runtime.spawnThread(named: "worker") {
                runtime.sleep(until: ms(10))
                RunLoop.main?.mainQueue.async { seen.append("ran at \(runtime.now())") }
            }
            seen.append("\(runCurrent(for: .milliseconds(100)).map(\.description) ?? "error") at \(runtime.now())")
            worker.join()
        }
        #expect(result.outcome == .quiescent)
        #expect(seen.value == ["ran at 0.010000", "timedOut at 0.100000"])
    }

    @Test(
        "a main queue first asked for on another thread while main sleeps in its empty default mode wakes that run, which serves it",
        arguments: [0, 1, 2] as [UInt64])
    func queueFirstAskedForDuringAnEmptyRun(seed: UInt64) {
        let seen = Shared<[String]>([])
        let result = Simulation.run(seed: seed) {
            let runtime = currentRuntime()
            let worker = runtime.spawnThread(named: "worker") {
                runtime.sleep(until: ms(10))
                RunLoop.main?.mainQueue.async { seen.append("ran at \(runtime.now())") }
            }
            let outcome = runCurrent(for: .milliseconds(100), returnAfterSourceHandled: true)
            seen.append("\(outcome.map(\.description) ?? "error") at \(runtime.now())")
            worker.join()
        }
        #expect(result.outcome == .quiescent)
        #expect(seen.value == ["ran at 0.010000", "handledSource at 0.010000"])
    }

    @Test("a main-queue block is not served in a non-common mode, and runs once main is back in a common one")
    func notServedInANonCommonMode() {
        let seen = Shared<[String]>([])
        let result = Simulation.run(seed: 0) {
            let loop = RunLoop.current
            loop.add(RunLoopTimer(fireAt: ms(100)) { _ in seen.append("timer in X") }, forMode: .x)
            loop.mainQueue.async(label: "late") { seen.append("block") }
            seen.append("X: \(runCurrent(.x, for: .milliseconds(150), returnAfterSourceHandled: true).map(\.description) ?? "error")")
            seen.append("default: \(runCurrent(for: .milliseconds(150), returnAfterSourceHandled: true).map(\.description) ?? "error")")
        }
        #expect(result.outcome == .quiescent)
        // X ends finished once its one-shot timer is gone: the queued block never kept it alive.
        #expect(seen.value == ["timer in X", "X: finished", "block", "default: handledSource"])
    }

    @Test("a run nested in a main-queue block does not serve the queue: its empty default mode is finished")
    func nestedRunDoesNotReenter() {
        let seen = Shared<[String]>([])
        let result = Simulation.run(seed: 0) {
            let queue = RunLoop.current.mainQueue
            queue.async(label: "outer") {
                queue.async(label: "inner") { seen.append("inner") }
                seen.append("nested: \(runCurrent(for: .milliseconds(100)).map(\.description) ?? "error")")
            }
            seen.append("outer run: \(runCurrent(for: .seconds(1), returnAfterSourceHandled: true).map(\.description) ?? "error")")
            seen.append("next run: \(runCurrent(for: .seconds(1), returnAfterSourceHandled: true).map(\.description) ?? "error")")
        }
        #expect(result.outcome == .quiescent)
        #expect(seen.value == ["nested: finished", "outer run: handledSource", "inner", "next run: handledSource"])
    }

    @Test("a signalled main queue is served without sleeping, but not on the pass right after it was served")
    func peekSkipsTheSleepEveryOtherPass() {
        let seen = Shared<[String]>([])
        let result = Simulation.run(seed: 0) {
            let loop = RunLoop.current
            let queue = loop.mainQueue
            loop.add(
                RunLoopObserver(activities: [.beforeWaiting, .afterWaiting]) { _, activity in seen.append("\(activity)") },
                forMode: .default)
            loop.add(
                RunLoopTimer(fireAt: ms(10)) { _ in
                    seen.append("timer")
                    queue.async(label: "b1") {
                        seen.append("b1")
                        queue.async(label: "b2") { seen.append("b2") }
                    }
                }, forMode: .default)
            seen.append(runCurrent(for: .milliseconds(100)).map(\.description) ?? "error")
        }
        #expect(result.outcome == .quiescent)
        // The timer's pass does not count as serving the queue, so the next pass peeks and
        // serves b1 with no sleep around it; the pass after that does not peek, so b2 comes
        // through a real wait, between BeforeWaiting and AfterWaiting.
        #expect(
            seen.value == [
                "beforeWaiting", "afterWaiting", "timer", "b1", "beforeWaiting", "afterWaiting", "b2",
                "beforeWaiting", "afterWaiting", "timedOut",
            ])
    }

    @Test("live: on main an empty default mode waits until its date and a custom one is finished; another thread's is finished")
    func liveEmptyModesOnMain() {
        let runtime = LiveRuntime(tracing: false)
        let seen = Shared<[String]>([])
        let main = runtime.spawnThread(named: "main") {
            let start = runtime.now()
            let outcome = runCurrent(for: .milliseconds(50))
            seen.append("default: \(outcome.map(\.description) ?? "error"), waited: \(runtime.now() - start >= .milliseconds(50))")
            seen.append("X: \(runCurrent(.x, for: .seconds(30)).map(\.description) ?? "error")")
            let worker = runtime.spawnThread(named: "worker") {
                seen.append("worker default: \(runCurrent(for: .seconds(30)).map(\.description) ?? "error")")
            }
            runtime.join(worker)
        }
        runtime.join(main)
        #expect(seen.value == ["default: timedOut, waited: true", "X: finished", "worker default: finished"])
    }

    @Test("live: a block queued from another thread ends main's run with handledSource")
    func liveHandledSource() {
        let runtime = LiveRuntime()
        let seen = Shared<[String]>([])
        let main = runtime.spawnThread(named: "main") {
            let queue = RunLoop.current.mainQueue
            let producer = runtime.spawnThread(named: "producer") {
                queue.async(label: "from producer") { seen.append("block on \(LabThread.current.name)") }
            }
            seen.append(runCurrent(for: .seconds(30), returnAfterSourceHandled: true).map(\.description) ?? "error")
            runtime.join(producer)
        }
        runtime.join(main)
        #expect(seen.value == ["block on main", "handledSource"])
    }
}
