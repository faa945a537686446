// §9.1 rows: "one loop per thread, lazy, global registry, main loop" (must);
// "`CFRunLoopIsWaiting`, `CopyCurrentMode`, `CopyAllModes`, `GetNextTimerFireDate`" (nice).
import LabRuntime
import LabTestSupport
import RunLoopKit
import Testing

@Suite("One loop per thread: lazy, registered, with a main loop")
struct LoopRegistryTests {
    @Test("RunLoop.current is the same object on repeated calls, and each thread has its own", arguments: [0, 1, 2] as [UInt64])
    func oneLoopPerThread(seed: UInt64) {
        let checks = Shared<[String: Bool]>([:])
        let result = Simulation.run(seed: seed) {
            let mine = RunLoop.current
            let seen = Shared<RunLoop?>(nil)
            let other = currentRuntime().spawnThread(named: "other") {
                let theirs = RunLoop.current
                seen.update { $0 = theirs }
                checks.update { $0["other: repeated calls agree"] = theirs === RunLoop.current }
                checks.update { $0["other: owned by its thread"] = theirs.thread === LabThread.current }
            }
            other.join()
            let theirs = seen.value
            checks.update {
                $0["main: repeated calls agree"] = mine === RunLoop.current
                $0["threads get different loops"] = theirs != nil && theirs !== mine
                $0["RunLoop.of(other) is other's loop"] = RunLoop.of(other) === theirs
                $0["RunLoop.of(main) is main's loop"] = RunLoop.of(LabThread.current) === mine
            }
        }
        #expect(result.outcome == .quiescent)
        let failed = checks.value.filter { !$0.value }.map(\.key).sorted()
        #expect(checks.value.count == 6)
        #expect(failed == [])
    }

    @Test("a loop is created lazily, on the first request for it, from any thread")
    func lazyCreation() {
        let checks = Shared<[String: Bool]>([:])
        let result = Simulation.run(seed: 0) {
            let runtime = currentRuntime()
            let go = runtime.makeSemaphore(named: "go", value: 0)
            let created = Shared<RunLoop?>(nil)
            let worker = runtime.spawnThread(named: "worker") {
                go.wait()
                created.update { $0 = RunLoop.current }
            }
            // `runLoopObject` is where RunLoopKit keeps a thread's loop.
            let before = worker.runLoopObject
            let fromOutside = RunLoop.of(worker)
            let after = worker.runLoopObject
            go.signal()
            worker.join()
            checks.update {
                $0["no loop before anyone asks"] = before == nil
                $0["asking from another thread creates it"] = after === fromOutside
                $0["the thread later finds that same loop"] = created.value === fromOutside
                $0["a new loop has exactly the default mode"] = fromOutside.allModes == [.default]
                $0["a new loop's common set is the default mode"] = fromOutside.commonModes == [.default]
                $0["a new loop is not running"] = fromOutside.currentMode == nil && !fromOutside.isWaiting
            }
        }
        #expect(result.outcome == .quiescent)
        let failed = checks.value.filter { !$0.value }.map(\.key).sorted()
        #expect(checks.value.count == 6)
        #expect(failed == [])
    }

    @Test("RunLoop.main is T0's loop, from T0 and from any other thread", arguments: [0, 1] as [UInt64])
    func mainLoop(seed: UInt64) {
        let checks = Shared<[String: Bool]>([:])
        let result = Simulation.run(seed: seed) {
            let main = RunLoop.current
            let fromWorker = Shared<RunLoop?>(nil)
            let worker = currentRuntime().spawnThread(named: "worker") {
                fromWorker.update { $0 = RunLoop.main }
            }
            worker.join()
            checks.update {
                $0["main from T0"] = RunLoop.main === main
                $0["main from another thread"] = fromWorker.value === main
                $0["main's thread is T0"] = main.thread.id == 0
            }
        }
        #expect(result.outcome == .quiescent)
        #expect(checks.value == ["main from T0": true, "main from another thread": true, "main's thread is T0": true])
    }

    @Test("isWaiting is true while the loop sleeps, seen from another thread", arguments: [0, 1, 2] as [UInt64])
    func isWaitingWhileAsleep(seed: UInt64) {
        let seen = Shared<[String]>([])
        let result = Simulation.run(seed: seed) {
            let runtime = currentRuntime()
            let loopThread = runtime.spawnThread(named: "sleeper") {
                let loop = RunLoop.current
                _ = try? loop.add(EventFDPort(name: "keep-alive"), forMode: .default)
                seen.append("before run: \(loop.isWaiting)")
                let result = runCurrent(for: .milliseconds(100))
                seen.append("after run: \(loop.isWaiting) \(result.map(\.description) ?? "error")")
            }
            runtime.sleep(until: ms(50))
            let loop = RunLoop.of(loopThread)
            seen.append("at 50ms: \(loop.isWaiting) mode=\(loop.currentMode?.name ?? "none")")
            loopThread.join()
        }
        #expect(result.outcome == .quiescent)
        let expected = ["before run: false", "at 50ms: true mode=kCFRunLoopDefaultMode", "after run: false timedOut"]
        #expect(seen.value == expected)
    }

    @Test("currentMode is nil outside a run and the running mode inside one")
    func currentMode() {
        let seen = Shared<[String]>([])
        let result = Simulation.run(seed: 0) {
            let loop = RunLoop.current
            _ = try? loop.add(EventFDPort(name: "keep-alive"), forMode: .x)
            seen.append("outside: \(loop.currentMode?.name ?? "nil")")
            loop.perform(inModes: [.x]) { seen.append("inside: \(loop.currentMode?.name ?? "nil")") }
            _ = runCurrent(.x, for: .milliseconds(1))
            seen.append("after: \(loop.currentMode?.name ?? "nil")")
        }
        #expect(result.outcome == .quiescent)
        #expect(seen.value == ["outside: nil", "inside: X", "after: nil"])
    }

    @Test("nextTimerFireDate is the earliest fire date of the mode's timers, nil without timers")
    func nextTimerFireDate() {
        let seen = Shared<[LabInstant?]>([])
        let result = Simulation.run(seed: 0) {
            let loop = RunLoop.current
            seen.append(loop.nextTimerFireDate(forMode: .default))
            let late = RunLoopTimer(fireAt: ms(300)) { _ in }
            let early = RunLoopTimer(fireAt: ms(200)) { _ in }
            loop.add(late, forMode: .default)
            loop.add(early, forMode: .default)
            loop.add(RunLoopTimer(fireAt: ms(100)) { _ in }, forMode: .x)
            seen.append(loop.nextTimerFireDate(forMode: .default))
            seen.append(loop.nextTimerFireDate(forMode: .x))
            early.invalidate()
            seen.append(loop.nextTimerFireDate(forMode: .default))
            seen.append(loop.nextTimerFireDate(forMode: .y))
        }
        #expect(result.outcome == .quiescent)
        #expect(seen.value == [nil, ms(200), ms(100), ms(300), nil])
    }
}
