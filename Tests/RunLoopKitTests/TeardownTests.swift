import LabRuntime
import LabTestSupport
import Testing

// §9.1 row: "teardown at thread exit (remove sources, cancel callouts, free)" (should), spec §7 (E11).
@testable import RunLoopKit

@Suite("Teardown at thread exit: sources cancelled, items invalidated, descriptors closed")
struct TeardownTests {
    @Test("a version-0 source's cancel callout runs when its thread exits, once per mode", arguments: [0, 1, 2] as [UInt64])
    func cancelCalloutAtExit(seed: UInt64) {
        let seen = Shared<[String]>([])
        let result = Simulation.run(seed: seed) {
            let runtime = currentRuntime()
            let source = RunLoopSource(
                name: "s",
                cancel: { loop, mode in seen.append("cancel on \(LabThread.current.name) T\(loop.thread.id) \(mode.name)") }
            ) {}
            let worker = runtime.spawnThread(named: "worker") {
                let loop = RunLoop.current
                loop.add(source, forMode: .default)
                loop.add(source, forMode: .x)
                _ = runCurrent(for: .milliseconds(10))
                seen.append("body returns")
            }
            worker.join()
            seen.append("joined")
        }
        #expect(result.outcome == .quiescent)
        let expected = ["body returns", "cancel on worker T1 kCFRunLoopDefaultMode", "cancel on worker T1 X", "joined"]
        #expect(seen.value == expected)
    }

    @Test("after the thread exits its loop's wake port is closed and its timers and observers are invalidated")
    func descriptorsClosedAtExit() {
        let seen = Shared<[String]>([])
        let result = Simulation.run(seed: 0) {
            let runtime = currentRuntime()
            let box = Shared<RunLoop?>(nil)
            let timer = RunLoopTimer(fireAt: ms(1_000), name: "t") { _ in }
            let observer = RunLoopObserver(activities: .all) { _, _ in }
            let worker = runtime.spawnThread(named: "worker") {
                let loop = RunLoop.current
                loop.add(timer, forMode: .default)
                loop.add(observer, forMode: .default)
                loop.perform(inModes: [.x]) {}
                box.update { $0 = loop }
                seen.append("while alive: wake port closed \(loop.wakePort.descriptor.isClosed)")
            }
            worker.join()
            guard let loop = box.value else { return }
            seen.append("after exit: wake port closed \(loop.wakePort.descriptor.isClosed)")
            seen.append("timer valid \(timer.isValid), observer valid \(observer.isValid), blocks \(loop.pendingBlockCount)")
            seen.append("modes remembered: \(loop.allModes.count), timers left \(loop.contents(of: .default).timers.count)")
        }
        #expect(result.outcome == .quiescent)
        let expected = [
            "while alive: wake port closed false",
            "after exit: wake port closed true",
            "timer valid false, observer valid false, blocks 0",
            "modes remembered: 2, timers left 0",
        ]
        #expect(seen.value == expected)
    }

    @Test("a torn-down loop refuses new work: adding and performing do nothing, running finishes")
    func tornDownLoopRefusesWork() {
        let seen = Shared<[String]>([])
        let result = Simulation.run(seed: 0) {
            let runtime = currentRuntime()
            let worker = runtime.spawnThread(named: "worker") { _ = RunLoop.current }
            worker.join()
            let loop = RunLoop.of(worker)
            let source = RunLoopSource(name: "late", schedule: { _, _ in seen.append("scheduled") }) {}
            loop.add(source, forMode: .default)
            loop.perform {}
            seen.append("source added: \(loop.contains(source, inMode: .default)), blocks \(loop.pendingBlockCount)")
        }
        #expect(result.outcome == .quiescent)
        #expect(seen.value == ["source added: false, blocks 0"])
    }

    @Test("many short-lived threads each close their loop's wake port (spec E11: fd count stays flat)")
    func manyShortLivedThreads() {
        let closed = Shared<[Bool]>([])
        let result = Simulation.run(seed: 0) {
            let runtime = currentRuntime()
            for index in 0..<40 {
                let box = Shared<RunLoop?>(nil)
                let thread = runtime.spawnThread(named: "short \(index)") {
                    let loop = RunLoop.current
                    _ = try? loop.add(EventFDPort(name: "keep \(index)"), forMode: .default)
                    _ = runCurrent(for: .milliseconds(1))
                    box.update { $0 = loop }
                }
                thread.join()
                closed.append(box.value?.wakePort.descriptor.isClosed ?? false)
            }
        }
        #expect(result.outcome == .quiescent)
        #expect(closed.value == Array(repeating: true, count: 40))
    }
}
