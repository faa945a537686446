// §9.1 rows: "common-modes tag set + common items copied into new common modes" (must; `addCommonMode`);
// "perform-block with mode / modes / common" (the common part; the rest is in PerformBlockTests).
// Running `.common` is refused: RunResultTests and MisuseTests.
import LabRuntime
import LabTestSupport
import RunLoopKit
import Testing

@Suite("Common modes: a tag, with common items copied into every tagged mode")
struct CommonModeTests {
    @Test(
        "spec E5: a .common timer does not fire while running X; after addCommonMode(X) it does",
        arguments: [0, 1] as [UInt64])
    func commonTimerFiresAfterAddCommonMode(seed: UInt64) {
        let seen = Shared<[String]>([])
        let result = Simulation.run(seed: seed) {
            let loop = RunLoop.current
            _ = try? loop.add(EventFDPort(name: "keep X"), forMode: .x)
            let timer = RunLoopTimer(fireAt: ms(10), interval: .milliseconds(10), name: "ticker") { _ in }
            loop.add(timer, forMode: .common)
            let first = runCurrent(.x, for: .milliseconds(50))
            seen.append("before: \(first.map(\.description) ?? "error"), X holds timer: \(loop.contains(timer, inMode: .x))")
            loop.addCommonMode(.x)
            seen.append("common modes: \(loop.commonModes.map(\.name).joined(separator: ","))")
            seen.append("X holds timer: \(loop.contains(timer, inMode: .x))")
            let second = runCurrent(.x, for: .milliseconds(50))
            seen.append("after: \(second.map(\.description) ?? "error")")
            timer.invalidate()
        }
        #expect(result.outcome == .quiescent)
        let expected = [
            "before: timedOut, X holds timer: false",
            "common modes: kCFRunLoopDefaultMode,X",
            "X holds timer: true",
            "after: timedOut",
        ]
        #expect(seen.value == expected)
        // The timer missed 10..50 ms while X was not common: one late fire at 50, then its grid.
        let fires = result.times("timer.fire", "ticker in X")
        #expect(fires == [ms(50), ms(60), ms(70), ms(80), ms(90), ms(100)])
    }

    @Test("addCommonMode copies every common item (source, timer, observer, port) into the new mode and creates it")
    func addCommonModeCopiesItems() {
        let seen = Shared<[String]>([])
        let result = Simulation.run(seed: 0) {
            let loop = RunLoop.current
            let source = RunLoopSource(
                name: "s",
                schedule: { _, mode in seen.append("schedule s in \(mode.name)") },
                cancel: { _, mode in seen.append("cancel s in \(mode.name)") }
            ) {}
            let timer = RunLoopTimer(fireAt: ms(100)) { _ in }
            let port = EventFDPort(name: "p")
            loop.add(source, forMode: .common)
            loop.add(timer, forMode: .common)
            _ = try? loop.add(port, forMode: .common)
            seen.append("modes: \(loop.allModes.map(\.name).joined(separator: ","))")
            loop.addCommonMode(.x)
            seen.append("modes: \(loop.allModes.map(\.name).joined(separator: ","))")
            let inX = loop.contents(of: .x)
            seen.append("X: \(inX.sources.count) source, \(inX.timers.count) timer, \(inX.ports.count) port")
            seen.append("contains via .common: \(loop.contains(source, inMode: .common)) \(loop.contains(port, inMode: .common))")
            loop.addCommonMode(.x)
            seen.append("tagging twice changes nothing: \(loop.commonModes.count)")
            timer.invalidate()
        }
        #expect(result.outcome == .quiescent)
        let expected = [
            "schedule s in kCFRunLoopDefaultMode",
            "modes: kCFRunLoopDefaultMode",
            "schedule s in X",
            "modes: kCFRunLoopDefaultMode,X",
            "X: 1 source, 1 timer, 1 port",
            "contains via .common: true true",
            "tagging twice changes nothing: 2",
            "cancel s in kCFRunLoopDefaultMode",
            "cancel s in X",
        ]
        #expect(seen.value == expected)
    }

    @Test("removing an item from .common removes it from every common mode")
    func removeFromCommonRemovesEverywhere() {
        let seen = Shared<[String]>([])
        let result = Simulation.run(seed: 0) {
            let loop = RunLoop.current
            loop.addCommonMode(.x)
            loop.addCommonMode(.y)
            let timer = RunLoopTimer(fireAt: ms(100)) { _ in }
            let source = RunLoopSource(name: "s", cancel: { _, mode in seen.append("cancel in \(mode.name)") }) {}
            let port = EventFDPort(name: "p")
            loop.add(timer, forMode: .common)
            loop.add(source, forMode: .common)
            _ = try? loop.add(port, forMode: .common)
            let modes: [RunLoopMode] = [.default, .x, .y, .common]
            let placesOf = { (has: (RunLoopMode) -> Bool) in modes.filter(has).map(\.name).joined(separator: ",") }
            seen.append("timer in " + placesOf { loop.contains(timer, inMode: $0) })
            loop.remove(timer, forMode: .common)
            loop.remove(source, forMode: .common)
            _ = try? loop.remove(port, forMode: .common)
            seen.append("timer in [" + placesOf { loop.contains(timer, inMode: $0) } + "]")
            seen.append("source in [" + placesOf { loop.contains(source, inMode: $0) } + "]")
            seen.append("port in [" + placesOf { loop.contains(port, inMode: $0) } + "]")
        }
        #expect(result.outcome == .quiescent)
        let expected = [
            "timer in kCFRunLoopDefaultMode,X,Y,kCFRunLoopCommonModes",
            "cancel in kCFRunLoopDefaultMode", "cancel in X", "cancel in Y",
            "timer in []", "source in []", "port in []",
        ]
        #expect(seen.value == expected)
    }

    @Test("a block queued for .common runs in any common mode, and not in a mode that is not common")
    func commonBlocks() {
        let seen = Shared<[String]>([])
        let result = Simulation.run(seed: 0) {
            let loop = RunLoop.current
            loop.addCommonMode(.x)
            for mode in [RunLoopMode.x, .y] { _ = try? loop.add(EventFDPort(name: "keep \(mode.name)"), forMode: mode) }
            loop.perform(inModes: [.common], label: "common block") {
                seen.append("ran in \(loop.currentMode?.name ?? "nil")")
            }
            _ = runCurrent(.y, for: .milliseconds(10))
            seen.append("after Y: \(loop.pendingBlockCount) queued")
            _ = runCurrent(.x, for: .milliseconds(10))
            seen.append("after X: \(loop.pendingBlockCount) queued")
        }
        #expect(result.outcome == .quiescent)
        #expect(seen.value == ["after Y: 1 queued", "ran in X", "after X: 0 queued"])
        #expect(result.details("perform.run") == ["common block in X"])
    }

    @Test("a block for .common keeps a common mode alive, and the default mode is common from the start")
    func commonBlockKeepsDefaultAlive() {
        let seen = Shared<[RunLoopResult?]>([])
        let result = simulateOnWorker(seed: 0) {
            let loop = RunLoop.current
            loop.perform(inModes: [.common]) {}
            seen.append(runCurrent("not common", for: .milliseconds(10)))
            seen.append(runCurrent(.default, for: .milliseconds(10)))
        }
        #expect(result.outcome == .quiescent)
        #expect(seen.value == [.finished, .timedOut])
    }
}
