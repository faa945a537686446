// §9.1 rows: "version-0 sources: signal, order + signal-time sort, schedule/cancel callouts" (must);
// "signal doesn't wake; explicit wake-up needed" (must, spec §3.1 E13).
import LabRuntime
import LabTestSupport
import RunLoopKit
import Testing

@Suite("Version-0 sources: signal, order, schedule and cancel; a signal does not wake the loop")
struct Source0Tests {
    /// Spec E7's four sources, signalled C first (at 0 ms), then A, B, D one millisecond apart.
    static func signalE7Sources(into performed: Shared<[String]>) -> [RunLoopSource] {
        let loop = RunLoop.current
        let runtime = currentRuntime()
        let make = { (name: String, order: Int) in RunLoopSource(name: name, order: order) { performed.append(name) } }
        let sources = [make("A", 5), make("B", 0), make("C", 0), make("D", -1)]
        for source in sources { loop.add(source, forMode: .default) }
        for (step, name) in ["C", "A", "B", "D"].enumerated() {
            runtime.sleep(until: ms(step))
            sources.first { $0.name == name }?.signal()
        }
        return sources
    }

    @Test("spec E7: D(order −1), C(0, signalled first), B(0), A(5) perform as D, C, B, A")
    func orderThenSignalTime() {
        let performed = Shared<[String]>([])
        let result = Simulation.run(seed: 0) {
            _ = Self.signalE7Sources(into: performed)
            _ = runCurrent(for: .milliseconds(10))
        }
        #expect(result.outcome == .quiescent)
        #expect(performed.value == ["D", "C", "B", "A"])
        #expect(result.details("source.signal") == ["C", "A", "B", "D"])
    }

    @Test("a loop's first version-0 source, added and signalled by a timer after passes with none, is performed on the next pass")
    func firstSourceAddedMidRun() {
        let performed = Shared<[String]>([])
        let result = Simulation.run(seed: 0) {
            let loop = RunLoop.current
            loop.add(
                RunLoopTimer(fireAt: ms(10), name: "adder") { _ in
                    let source = RunLoopSource(name: "late") { performed.append("late") }
                    loop.add(source, forMode: .default)
                    source.signal()
                }, forMode: .default)
            _ = runCurrent(for: .seconds(1))
        }
        #expect(result.outcome == .quiescent)
        #expect(performed.value == ["late"])
        #expect(result.details("source.perform").count == 1)
    }

    @Test("with returnAfterSourceHandled one source is performed per run; the rest stay signalled")
    func onePerRun() {
        let performed = Shared<[String]>([])
        let results = Shared<[RunLoopResult?]>([])
        let result = Simulation.run(seed: 0) {
            let sources = Self.signalE7Sources(into: performed)
            for _ in 0..<4 {
                results.append(runCurrent(for: .seconds(1), returnAfterSourceHandled: true))
                performed.append("signalled: " + sources.filter(\.isSignalled).map(\.name).joined())
            }
        }
        #expect(result.outcome == .quiescent)
        let expected = ["D", "signalled: ABC", "C", "signalled: AB", "B", "signalled: A", "A", "signalled: "]
        #expect(performed.value == expected)
        #expect(results.value == [.handledSource, .handledSource, .handledSource, .handledSource])
    }

    @Test("signals before the perform collapse into one, and the first signal time is kept")
    func repeatedSignalsCollapse() {
        let performed = Shared<[String]>([])
        let result = Simulation.run(seed: 0) {
            let runtime = currentRuntime()
            let loop = RunLoop.current
            let first = RunLoopSource(name: "first") { performed.append("first") }
            let second = RunLoopSource(name: "second") { performed.append("second") }
            loop.add(first, forMode: .default)
            loop.add(second, forMode: .default)
            first.signal()
            runtime.sleep(until: ms(1))
            second.signal()
            runtime.sleep(until: ms(2))
            first.signal()
            first.signal()
            _ = runCurrent(for: .milliseconds(10))
        }
        #expect(result.outcome == .quiescent)
        #expect(performed.value == ["first", "second"])
        #expect(result.details("source.signal") == ["first", "second"])
    }

    @Test("schedule runs once per mode the source joins; cancel on remove and on invalidate")
    func scheduleAndCancelCallouts() {
        let calls = Shared<[String]>([])
        let result = Simulation.run(seed: 0) {
            let loop = RunLoop.current
            let source = RunLoopSource(
                name: "s",
                schedule: { rl, mode in calls.append("schedule T\(rl.thread.id) \(mode.name)") },
                cancel: { rl, mode in calls.append("cancel T\(rl.thread.id) \(mode.name)") }
            ) {}
            loop.add(source, forMode: .default)
            loop.add(source, forMode: .default)
            loop.add(source, forMode: .x)
            loop.remove(source, forMode: .default)
            loop.remove(source, forMode: .default)
            calls.append("valid: \(source.isValid)")
            source.invalidate()
            calls.append("valid: \(source.isValid), in X: \(loop.contains(source, inMode: .x))")
            loop.add(source, forMode: .y)
            calls.append("an invalid source is not added: \(!loop.contains(source, inMode: .y))")
        }
        #expect(result.outcome == .quiescent)
        let expected = [
            "schedule T0 kCFRunLoopDefaultMode", "schedule T0 X", "cancel T0 kCFRunLoopDefaultMode",
            "valid: true", "cancel T0 X", "valid: false, in X: false", "an invalid source is not added: true",
        ]
        #expect(calls.value == expected)
    }

    @Test("one source in two loops: performed by whichever loop runs, once per signal", arguments: [0, 1, 2] as [UInt64])
    func sourceInTwoLoops(seed: UInt64) {
        let performed = Shared<[String]>([])
        let result = Simulation.run(seed: seed) {
            let runtime = currentRuntime()
            let source = RunLoopSource(name: "shared") { performed.append(LabThread.current.name) }
            RunLoop.current.add(source, forMode: .default)
            let other = runtime.spawnThread(named: "other") {
                RunLoop.current.add(source, forMode: .default)
                _ = runCurrent(for: .milliseconds(50))
            }
            source.signal()
            _ = runCurrent(for: .milliseconds(50))
            other.join()
        }
        #expect(result.outcome == .quiescent)
        #expect(performed.value.count == 1)
    }

    @Test(
        "spec E13: a signal alone does not wake a sleeping loop; it is performed only when the run ends and the next begins",
        arguments: [0, 1, 2] as [UInt64])
    func signalDoesNotWake(seed: UInt64) {
        let seen = Shared<[String]>([])
        let result = Simulation.run(seed: seed) {
            let runtime = currentRuntime()
            let source = RunLoopSource(name: "v0") { seen.append("performed at \(runtime.now())") }
            RunLoop.current.add(source, forMode: .default)
            let signaller = runtime.spawnThread(named: "signaller") {
                runtime.sleep(until: ms(100))
                source.signal()
            }
            let first = runCurrent(for: .seconds(1))
            seen.append("first run \(first.map(\.description) ?? "error") at \(runtime.now())")
            let second = runCurrent(for: .seconds(1), returnAfterSourceHandled: true)
            seen.append("second run \(second.map(\.description) ?? "error")")
            signaller.join()
        }
        #expect(result.outcome == .quiescent)
        let expected = ["first run timedOut at 1.000000", "performed at 1.000000", "second run handledSource"]
        #expect(seen.value == expected)
    }

    @Test(
        "signal + wakeUp performs the source at once; a late wake-up delays it to the wake (spec E13)",
        arguments: [0, 1, 2] as [UInt64])
    func signalPlusWakeUp(seed: UInt64) {
        let seen = Shared<[String]>([])
        let result = Simulation.run(seed: seed) {
            let runtime = currentRuntime()
            let loop = RunLoop.current
            let prompt = RunLoopSource(name: "prompt") { seen.append("prompt at \(runtime.now())") }
            let late = RunLoopSource(name: "late") { seen.append("late at \(runtime.now())") }
            loop.add(prompt, forMode: .default)
            loop.add(late, forMode: .default)
            let signaller = runtime.spawnThread(named: "signaller") {
                runtime.sleep(until: ms(100))
                prompt.signal()
                loop.wakeUp()
                runtime.sleep(until: ms(200))
                late.signal()
                runtime.sleep(until: ms(300))
                loop.wakeUp()
            }
            _ = runCurrent(for: .seconds(1))
            signaller.join()
        }
        #expect(result.outcome == .quiescent)
        #expect(seen.value == ["prompt at 0.100000", "late at 0.300000"])
    }
}
