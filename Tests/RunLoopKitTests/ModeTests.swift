// §9.1 rows: "named modes, lazily created, never destroyed" (must);
// "run in exactly one mode at a time; nested runs in other modes" (must);
// "port set per mode" (must) is in PortSourceTests; "timer only fires in modes that contain it" in TimerTests.
import LabRuntime
import LabTestSupport
import RunLoopKit
import Testing

@Suite("Modes: created by name on first use, never destroyed; one at a time, nested runs")
struct ModeTests {
    @Test("allModes grows when an item is added to, or a block performed in, a new mode")
    func modesCreatedLazily() {
        let seen = Shared<[[String]]>([])
        let result = Simulation.run(seed: 0) {
            let loop = RunLoop.current
            let record = { seen.append(loop.allModes.map(\.name)) }
            record()
            loop.add(RunLoopSource(name: "s") {}, forMode: .x)
            record()
            loop.perform(inModes: [.y]) {}
            record()
            loop.add(RunLoopObserver(activities: .all) { _, _ in }, forMode: "Z")
            record()
            loop.add(RunLoopTimer(fireAt: ms(10)) { _ in }, forMode: "W")
            record()
        }
        #expect(result.outcome == .quiescent)
        let expected: [[String]] = [
            ["kCFRunLoopDefaultMode"],
            ["kCFRunLoopDefaultMode", "X"],
            ["kCFRunLoopDefaultMode", "X", "Y"],
            ["kCFRunLoopDefaultMode", "X", "Y", "Z"],
            ["kCFRunLoopDefaultMode", "X", "Y", "Z", "W"],
        ]
        #expect(seen.value == expected)
    }

    @Test("running an unknown mode finishes at once and does not create it")
    func runningUnknownModeDoesNotCreateIt() {
        let seen = Shared<[String]>([])
        let result = Simulation.run(seed: 0) {
            let loop = RunLoop.current
            let outcome = runCurrent("never-added", for: .seconds(1))
            seen.append("\(outcome.map(\.description) ?? "error") at \(currentRuntime().now())")
            seen.append(loop.allModes.map(\.name).joined(separator: ","))
        }
        #expect(result.outcome == .quiescent)
        #expect(seen.value == ["finished at 0.000000", "kCFRunLoopDefaultMode"])
        #expect(result.details("loop.exit") == ["never-added → finished (mode is empty)"])
        #expect(result.events("loop.entry").isEmpty)
    }

    @Test("a mode stays after everything in it is removed: modes are never destroyed")
    func modesNeverDestroyed() {
        let seen = Shared<[String]>([])
        let result = Simulation.run(seed: 0) {
            let loop = RunLoop.current
            let source = RunLoopSource(name: "s") {}
            loop.add(source, forMode: .x)
            loop.remove(source, forMode: .x)
            let timer = RunLoopTimer(fireAt: ms(5)) { _ in }
            loop.add(timer, forMode: .y)
            timer.invalidate()
            seen.append(loop.allModes.map(\.name).joined(separator: ","))
            seen.append(runCurrent(.x, for: .seconds(1)).map(\.description) ?? "error")
        }
        #expect(result.outcome == .quiescent)
        #expect(seen.value == ["kCFRunLoopDefaultMode,X,Y", "finished"])
    }

    @Test(
        "a nested run in another mode: currentMode is the inner mode inside and the outer one after",
        arguments: [0, 1, 2] as [UInt64])
    func nestedRunInAnotherMode(seed: UInt64) {
        let seen = Shared<[String]>([])
        let result = Simulation.run(seed: seed) {
            let loop = RunLoop.current
            let describe: @Sendable () -> String = { "\(loop.currentMode?.name ?? "nil") depth=\(loop.nestingDepth)" }
            _ = try? loop.add(EventFDPort(name: "keep default"), forMode: .default)
            _ = try? loop.add(EventFDPort(name: "keep X"), forMode: .x)
            loop.perform(inModes: [.default]) {
                seen.append("outer before: \(describe())")
                loop.perform(inModes: [.x]) { seen.append("inner block: \(describe())") }
                let inner = runCurrent(.x, for: .milliseconds(10))
                seen.append("inner result: \(inner.map(\.description) ?? "error")")
                seen.append("outer after: \(describe())")
            }
            let outer = runCurrent(.default, for: .milliseconds(20))
            seen.append("outer result: \(outer.map(\.description) ?? "error"), then \(describe())")
        }
        #expect(result.outcome == .quiescent)
        let expected = [
            "outer before: kCFRunLoopDefaultMode depth=1",
            "inner block: X depth=2",
            "inner result: timedOut",
            "outer after: kCFRunLoopDefaultMode depth=1",
            "outer result: timedOut, then nil depth=0",
        ]
        #expect(seen.value == expected)
        let brackets = result.story(["loop.entry", "loop.exit"])
        let expectedBrackets = [
            "loop.entry kCFRunLoopDefaultMode", "loop.entry X", "loop.exit X → timedOut",
            "loop.exit kCFRunLoopDefaultMode → timedOut",
        ]
        #expect(brackets == expectedBrackets)
    }

    @Test("only the running mode's items are serviced: a block for X waits while the loop runs the default mode")
    func oneModeAtATime() {
        let seen = Shared<[String]>([])
        let result = Simulation.run(seed: 0) {
            let loop = RunLoop.current
            _ = try? loop.add(EventFDPort(name: "keep default"), forMode: .default)
            loop.perform(inModes: [.x], label: "X block") { seen.append("X block at \(currentRuntime().now())") }
            _ = runCurrent(.default, for: .milliseconds(30))
            seen.append("default run over, \(loop.pendingBlockCount) queued")
            _ = runCurrent(.x, for: .milliseconds(30))
        }
        #expect(result.outcome == .quiescent)
        #expect(seen.value == ["default run over, 1 queued", "X block at 0.030000"])
    }
}
