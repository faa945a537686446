// §9.1 rows: "port set per mode" and "common-modes tag set" (must), with more items than a mode or
// the common items look through before they index them by identity: both ways answer alike.
import LabRuntime
import LabTestSupport
import RunLoopKit
import Testing

@Suite("Many items: a mode's port sources and the common items behave alike, few or many")
struct ManyItemsTests {
    @Test(
        "each port's send performs its own source once; a removed one is gone and cannot be removed again",
        arguments: [3, 12])
    func portSources(count: Int) {
        let seen = Shared<[String]>([])
        let result = Simulation.run(seed: 0) {
            let loop = RunLoop.current
            let ports = (0..<count).map { EventFDPort(name: "p\($0)") }
            for (index, port) in ports.enumerated() {
                try? loop.add(PortSource(port: port) { seen.append("perform p\(index) \($0)") }, forMode: .default)
            }
            try? loop.remove(ports[1], forMode: .default)
            do {
                try loop.remove(ports[1], forMode: .default)
                seen.append("removed twice")
            } catch {
                seen.append("second remove: \(error)")
            }
            seen.append("holds p0 \(loop.contains(ports[0], inMode: .default)), p1 \(loop.contains(ports[1], inMode: .default))")
            for port in ports { port.send() }
            _ = runCurrent(for: .milliseconds(10))
        }
        #expect(result.outcome == .quiescent)
        let performs = (0..<count).filter { $0 != 1 }.map { "perform p\($0) 1" }
        #expect(seen.value.filter { $0.hasPrefix("perform") }.sorted() == performs.sorted())
        #expect(seen.value.contains("holds p0 true, p1 false"))
        #expect(seen.value.contains { $0.hasPrefix("second remove: ") })
        #expect(!seen.value.contains("removed twice"))
    }

    @Test(
        "common timers: adding one twice keeps it once, a removed one never fires, the rest fire once each",
        arguments: [3, 12])
    func commonItems(count: Int) {
        let seen = Shared<[String]>([])
        let result = Simulation.run(seed: 0) {
            let loop = RunLoop.current
            let timers = Self.timers(count, recordingFiresIn: seen)
            for timer in timers { loop.add(timer, forMode: .common) }
            loop.add(timers[0], forMode: .common)
            loop.remove(timers[1], forMode: .common)
            seen.append(Self.holds(timers, in: .common, of: loop))
            _ = runCurrent(for: .milliseconds(100))
        }
        #expect(result.outcome == .quiescent)
        let fires = (0..<count).filter { $0 != 1 }.map { "fire t\($0)" }
        #expect(seen.value == ["holds t0 true, t1 false"] + fires)
    }

    @Test(
        "a mode's timers: moved ones fire in their new order, a removed one is gone, few or many",
        arguments: [3, 12])
    func modeTimers(count: Int) {
        let seen = Shared<[String]>([])
        let result = Simulation.run(seed: 0) {
            let loop = RunLoop.current
            let timers = Self.timers(count, recordingFiresIn: seen)
            for timer in timers { loop.add(timer, forMode: .default) }
            loop.add(timers[2], forMode: .default)
            timers[0].fireDate = ms(50)
            loop.remove(timers[1], forMode: .default)
            seen.append(Self.holds(timers, in: .default, of: loop))
            _ = runCurrent(for: .milliseconds(100))
        }
        #expect(result.outcome == .quiescent)
        let fires = (2..<count).map { "fire t\($0)" } + ["fire t0"]
        #expect(seen.value == ["holds t0 true, t1 false"] + fires)
    }

    /// `count` timers `t0`, `t1`, … due 10 ms, 11 ms, … from the start, each noting its fire.
    private static func timers(_ count: Int, recordingFiresIn seen: Shared<[String]>) -> [RunLoopTimer] {
        (0..<count).map { index in
            RunLoopTimer(fireAt: ms(10 + index), name: "t\(index)") { _ in seen.append("fire t\(index)") }
        }
    }

    /// Whether `mode` of `loop` holds the first two timers, as a line to note.
    private static func holds(_ timers: [RunLoopTimer], in mode: RunLoopMode, of loop: RunLoop) -> String {
        "holds t0 \(loop.contains(timers[0], inMode: mode)), t1 \(loop.contains(timers[1], inMode: mode))"
    }
}
