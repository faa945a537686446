// §9.1 row: "perform-selector-on-thread / afterDelay / onMainThread" (built as: enqueue block + wake, and a
// semaphore for waitUntilDone); afterDelay is in TimerTests. Includes the deadlock waitUntilDone can cause.
import LabRuntime
import LabTestSupport
import RunLoopKit
import Testing

@Suite("perform(on:modes:waitUntilDone:): block + wake-up, and a semaphore to wait")
struct PerformOnThreadTests {
    @Test("on the caller's own thread with waitUntilDone the block runs inline, before the call returns")
    func sameThreadInline() {
        let seen = Shared<[String]>([])
        let result = Simulation.run(seed: 0) {
            try? RunLoop.perform(on: LabThread.current, waitUntilDone: true, label: "inline block") { seen.append("block") }
            seen.append("returned, \(RunLoop.current.pendingBlockCount) queued")
        }
        #expect(result.outcome == .quiescent)
        #expect(seen.value == ["block", "returned, 0 queued"])
        #expect(result.details("perform.run") == ["inline block in inline"])
    }

    @Test("on the caller's own thread without waiting the block is queued for the next pass")
    func sameThreadQueued() {
        let seen = Shared<[String]>([])
        let result = Simulation.run(seed: 0) {
            try? RunLoop.perform(on: LabThread.current, label: "queued") { seen.append("block") }
            seen.append("returned")
            _ = runCurrent(for: .zero)
        }
        #expect(result.outcome == .quiescent)
        #expect(seen.value == ["returned", "block"])
    }

    @Test("across threads with waitUntilDone the caller blocks until the block has run", arguments: [0, 1, 2, 3, 4] as [UInt64])
    func crossThreadWaits(seed: UInt64) {
        let seen = Shared<[String]>([])
        let result = Simulation.run(seed: seed) {
            let runtime = currentRuntime()
            let ready = runtime.makeSemaphore(named: "ready", value: 0)
            let target = runtime.spawnThread(named: "target") {
                let loop = RunLoop.current
                _ = try? loop.add(EventFDPort(name: "keep-alive"), forMode: .default)
                loop.perform { ready.signal() }
                _ = runCurrent(for: .seconds(1))
            }
            ready.wait()
            try? RunLoop.perform(on: target, waitUntilDone: true, label: "hop") {
                seen.append("block on \(LabThread.current.name) at \(runtime.now())")
            }
            runtime.record(.note("caller continues"))
            seen.append("caller continues")
            RunLoop.of(target).stop()
            target.join()
        }
        #expect(result.outcome == .quiescent)
        #expect(seen.value == ["block on target at 0.000000", "caller continues"])
        let ran = result.index("perform.run", "hop")
        let waited = result.index("semaphore.wait", "waitUntilDone hop")
        let next = result.index("note", "caller continues")
        #expect(ran != nil && waited != nil && next != nil)
        if let ran, let waited, let next {
            #expect(ran < waited && waited < next)
            #expect(result.trace[ran].thread == 1 && result.trace[waited].thread == 0)
        }
    }

    @Test(
        "across threads without waiting the caller goes on at once and the woken loop runs the block",
        arguments: [0, 1, 2] as [UInt64])
    func crossThreadNoWait(seed: UInt64) {
        let seen = Shared<[String]>([])
        let result = Simulation.run(seed: seed) {
            let runtime = currentRuntime()
            let target = runtime.spawnThread(named: "target") {
                _ = try? RunLoop.current.add(EventFDPort(name: "keep-alive"), forMode: .default)
                _ = runCurrent(for: .seconds(1))
            }
            runtime.sleep(until: ms(100))
            try? RunLoop.perform(on: target, label: "fire and forget") { seen.append("ran at \(runtime.now())") }
            target.join()
        }
        #expect(result.outcome == .quiescent)
        #expect(seen.value == ["ran at 0.100000"])
        #expect(result.details("loop.wakeup") == ["T1"])
    }

    @Test(
        "the block runs only while the target runs one of its modes: not in X, then at once back in default",
        arguments: [0, 1, 2] as [UInt64])
    func onlyInGivenModes(seed: UInt64) {
        let seen = Shared<[String]>([])
        let result = Simulation.run(seed: seed) {
            let runtime = currentRuntime()
            let target = runtime.spawnThread(named: "target") {
                let loop = RunLoop.current
                _ = try? loop.add(EventFDPort(name: "keep default"), forMode: .default)
                _ = try? loop.add(EventFDPort(name: "keep X"), forMode: .x)
                _ = runCurrent(.x, for: .milliseconds(100))
                seen.append("target leaves X at \(runtime.now())")
                _ = runCurrent(.default, for: .milliseconds(100))
            }
            runtime.sleep(until: ms(10))
            try? RunLoop.perform(on: target, modes: [.default], waitUntilDone: true, label: "for default") {
                seen.append("ran in \(RunLoop.current.currentMode?.name ?? "nil") at \(runtime.now())")
            }
            seen.append("caller released at \(runtime.now())")
            target.join()
        }
        #expect(result.outcome == .quiescent)
        let expected = [
            "target leaves X at 0.100000", "ran in kCFRunLoopDefaultMode at 0.100000", "caller released at 0.100000",
        ]
        #expect(seen.value == expected)
    }

    @Test(
        "two threads performing on each other with waitUntilDone deadlock; the report names both semaphores",
        arguments: [0, 1, 2] as [UInt64])
    func mutualWaitDeadlocks(seed: UInt64) {
        let result = Simulation.run(seed: seed) {
            let runtime = currentRuntime()
            let go = runtime.makeSemaphore(named: "go", value: 0)
            let peers = Shared<[LabThread]>([])
            let body = { (name: String, other: Int) in
                runtime.spawnThread(named: name) {
                    go.wait()
                    let target = peers.value[other]
                    _ = try? RunLoop.current.add(EventFDPort(name: "keep \(name)"), forMode: .default)
                    try? RunLoop.perform(on: target, waitUntilDone: true, label: "\(name)→\(target.name)") {}
                    _ = runCurrent(for: .seconds(1))
                }
            }
            peers.append(body("A", 1))
            peers.append(body("B", 0))
            go.signal()
            go.signal()
            for peer in peers.value { peer.join() }
        }
        guard case let .deadlock(graph) = result.outcome else {
            Issue.record("expected a deadlock, got \(result.outcome)")
            return
        }
        let report = graph.description
        #expect(report.contains("T1 A waits on semaphore waitUntilDone A→B, which nothing will signal"))
        #expect(report.contains("T2 B waits on semaphore waitUntilDone B→A, which nothing will signal"))
        #expect(report.contains("T0 main waits for T1 A to exit"))
    }

    @Test(
        "performing on the main thread from a worker runs on T0's loop (performSelectorOnMainThread)",
        arguments: [0, 1] as [UInt64])
    func onMainThread(seed: UInt64) {
        let seen = Shared<[String]>([])
        let result = Simulation.run(seed: seed) {
            let runtime = currentRuntime()
            let main = RunLoop.current
            _ = try? main.add(EventFDPort(name: "keep main"), forMode: .default)
            let worker = runtime.spawnThread(named: "worker") {
                guard let mainThread = RunLoop.main?.thread else { return }
                try? RunLoop.perform(on: mainThread, waitUntilDone: true, label: "to main") {
                    seen.append("on \(LabThread.current.name)")
                }
                seen.append("worker done")
                RunLoop.main?.stop()
            }
            _ = runCurrent(for: .seconds(1))
            worker.join()
        }
        #expect(result.outcome == .quiescent)
        #expect(seen.value == ["on main", "worker done"])
    }
}
