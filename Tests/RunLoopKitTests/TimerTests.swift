// §9.1 rows: "timers: sorted per mode, coalesced missed fires, phase kept, one-shot invalidation" (must);
// "timer only fires in modes that contain it" (must); "timer hardware" (must: the loop sleeps until the next
// timer); "timer set-fire-date from callback honoured if later" (should); "timer re-entrancy guard" (should);
// "perform-selector … afterDelay" (built as a one-shot timer; fires only while the loop runs).
import LabRuntime
import LabTestSupport
import RunLoopKit
import Testing

@Suite("Timers: sorted, coalesced, phase kept, only in their modes")
struct TimerTests {
    @Test("timers fire in fire-date order whatever the insertion order; equal dates keep insertion order")
    func sortedPerMode() {
        let fired = Shared<[String]>([])
        let result = Simulation.run(seed: 0) {
            let loop = RunLoop.current
            for (name, at) in [("c", 30), ("a", 10), ("b", 20), ("b2", 20), ("late-but-past", -5)] {
                let date = at < 0 ? .zero : ms(at)
                loop.add(RunLoopTimer(fireAt: date, name: name) { _ in fired.append(name) }, forMode: .default)
            }
            _ = runCurrent(for: .seconds(1))
        }
        #expect(result.outcome == .quiescent)
        #expect(fired.value == ["late-but-past", "a", "b", "b2", "c"])
        #expect(result.times("timer.fire") == [ms(0), ms(10), ms(20), ms(20), ms(30)])
    }

    @Test("the trace shows a timer added (target, mode, due date), each fire, and its invalidation once")
    func addedFiredInvalidated() {
        let result = Simulation.run(seed: 0) {
            let loop = RunLoop.current
            let once = RunLoopTimer(fireAt: ms(10), name: "once") { _ in }
            let tick = RunLoopTimer(fireAt: ms(5), interval: .milliseconds(5), name: "tick") { _ in }
            loop.add(once, forMode: .default)
            loop.add(once, forMode: .default)
            loop.add(tick, forMode: .common)
            _ = runCurrent(before: ms(12))
            tick.invalidate()
            tick.invalidate()
        }
        #expect(result.outcome == .quiescent)
        #expect(
            result.story(["timer.add", "timer.fire", "timer.invalidate"]) == [
                "timer.add once → T0 in kCFRunLoopDefaultMode at 0.010000",
                "timer.add tick → T0 in kCFRunLoopCommonModes at 0.005000",
                "timer.fire tick in kCFRunLoopDefaultMode",
                "timer.fire once in kCFRunLoopDefaultMode",
                "timer.invalidate once",
                "timer.fire tick in kCFRunLoopDefaultMode",
                "timer.invalidate tick",
            ])
    }

    @Test("a timer re-armed after firing goes after the timers already due at its new date (CF's binary insertion)")
    func rearmedTimerGoesAfterEqualDates() {
        let result = Simulation.run(seed: 0) {
            let loop = RunLoop.current
            let fast = RunLoopTimer(fireAt: ms(10), interval: .milliseconds(10), name: "fast") { _ in }
            let slow = RunLoopTimer(fireAt: ms(20), interval: .milliseconds(20), name: "slow") { _ in }
            loop.add(fast, forMode: .default)
            loop.add(slow, forMode: .default)
            _ = runCurrent(before: ms(45))
            fast.invalidate()
            slow.invalidate()
        }
        #expect(result.outcome == .quiescent)
        // At 10 ms "fast" is re-armed for 20 ms and placed after "slow", already due then; at
        // 30 ms it is re-armed for 40 ms and placed after "slow" (re-armed for 40 ms at 20 ms).
        let story = result.events("timer.fire").map { "\($0.time) \($0.kind.detail.split(separator: " ")[0])" }
        let expected = ["0.010000 fast", "0.020000 slow", "0.020000 fast", "0.030000 fast", "0.040000 slow", "0.040000 fast"]
        #expect(story == expected)
    }

    @Test("a fire date set from outside re-positions the timer after the others due at that date")
    func fireDateSetRepositions() {
        let fired = Shared<[String]>([])
        let result = Simulation.run(seed: 0) {
            let loop = RunLoop.current
            let first = RunLoopTimer(fireAt: ms(50), name: "first") { _ in fired.append("first") }
            let second = RunLoopTimer(fireAt: ms(30), name: "second") { _ in fired.append("second") }
            loop.add(first, forMode: .default)
            loop.add(second, forMode: .default)
            first.fireDate = ms(30)
            _ = runCurrent(for: .seconds(1))
        }
        #expect(result.outcome == .quiescent)
        #expect(fired.value == ["second", "first"])
    }

    @Test("timers due at the same wake fire together, earliest date first")
    func dueTogetherEarliestFirst() {
        let fired = Shared<[String]>([])
        let result = Simulation.run(seed: 0) {
            let runtime = currentRuntime()
            let loop = RunLoop.current
            loop.add(RunLoopTimer(fireAt: ms(30), name: "thirty") { _ in fired.append("thirty") }, forMode: .default)
            loop.add(RunLoopTimer(fireAt: ms(10), name: "ten") { _ in fired.append("ten") }, forMode: .default)
            runtime.sleep(until: ms(40))
            _ = runCurrent(for: .seconds(1))
        }
        #expect(result.outcome == .quiescent)
        #expect(fired.value == ["ten", "thirty"])
        #expect(result.times("timer.fire") == [ms(40), ms(40)])
    }

    @Test("spec E4: a repeating timer whose thread was blocked fires once late, then keeps its original phase")
    func missedFiresCoalescedPhaseKept() {
        let seen = Shared<[String]>([])
        let result = Simulation.run(seed: 0) {
            let runtime = currentRuntime()
            let loop = RunLoop.current
            let timer = RunLoopTimer(fireAt: ms(100), interval: .milliseconds(100), name: "tick") { timer in
                seen.append("fire at \(runtime.now()) fireDate \(timer.fireDate)")
            }
            loop.add(timer, forMode: .default)
            runtime.sleep(until: ms(1_050))
            _ = runCurrent(before: ms(1_450))
            timer.invalidate()
        }
        #expect(result.outcome == .quiescent)
        let expected = [
            "fire at 1.050000 fireDate 0.100000",
            "fire at 1.100000 fireDate 1.100000",
            "fire at 1.200000 fireDate 1.200000",
            "fire at 1.300000 fireDate 1.300000",
            "fire at 1.400000 fireDate 1.400000",
        ]
        #expect(seen.value == expected)
    }

    @Test("a long callout blocks the loop: the repeating timer fires once late, then is back on its grid")
    func blockedByACallout() {
        let result = Simulation.run(seed: 0) {
            let runtime = currentRuntime()
            let loop = RunLoop.current
            let tick = RunLoopTimer(fireAt: ms(100), interval: .milliseconds(100), name: "tick") { _ in }
            let hog = RunLoopTimer(fireAt: ms(250), name: "hog") { _ in runtime.sleep(until: ms(730)) }
            loop.add(tick, forMode: .default)
            loop.add(hog, forMode: .default)
            _ = runCurrent(before: ms(950))
            tick.invalidate()
        }
        #expect(result.outcome == .quiescent)
        let ticks = result.times("timer.fire", "tick")
        #expect(ticks == [ms(100), ms(200), ms(730), ms(800), ms(900)])
    }

    @Test("a one-shot timer is invalidated after it fires and leaves its modes")
    func oneShotInvalidated() {
        let seen = Shared<[String]>([])
        let result = Simulation.run(seed: 0) {
            let loop = RunLoop.current
            _ = try? loop.add(EventFDPort(name: "keep-alive"), forMode: .default)
            let timer = RunLoopTimer(fireAt: ms(10), name: "once") { _ in }
            loop.add(timer, forMode: .default)
            loop.add(timer, forMode: .x)
            seen.append("before: valid \(timer.isValid), repeats \(timer.repeats)")
            _ = runCurrent(for: .milliseconds(50))
            seen.append(
                "after: valid \(timer.isValid), in default \(loop.contains(timer, inMode: .default)), in X \(loop.contains(timer, inMode: .x))"
            )
            seen.append("next fire date: \(loop.nextTimerFireDate(forMode: .default).map(\.description) ?? "none")")
        }
        #expect(result.outcome == .quiescent)
        let expected = [
            "before: valid true, repeats false",
            "after: valid false, in default false, in X false",
            "next fire date: none",
        ]
        #expect(seen.value == expected)
        #expect(result.times("timer.fire") == [ms(10)])
    }

    @Test("a timer fires only in modes that contain it (spec E5: timer in default, loop running X → no fire)")
    func onlyInItsModes() {
        let seen = Shared<[String]>([])
        let result = simulateOnWorker(seed: 0) {
            let runtime = currentRuntime()
            let loop = RunLoop.current
            _ = try? loop.add(EventFDPort(name: "keep X"), forMode: .x)
            loop.add(RunLoopTimer(fireAt: ms(10), name: "t") { _ in seen.append("fired at \(runtime.now())") }, forMode: .default)
            let inX = runCurrent(.x, for: .milliseconds(100))
            seen.append("X: \(inX.map(\.description) ?? "error")")
            let inDefault = runCurrent(.default, for: .milliseconds(100))
            seen.append("default: \(inDefault.map(\.description) ?? "error")")
        }
        #expect(result.outcome == .quiescent)
        #expect(seen.value == ["X: timedOut", "fired at 0.100000", "default: finished"])
    }

    @Test("one timer in two modes shares one schedule: it fires in whichever runs")
    func oneScheduleAcrossModes() {
        let result = Simulation.run(seed: 0) {
            let loop = RunLoop.current
            let timer = RunLoopTimer(fireAt: ms(10), interval: .milliseconds(10), name: "t") { _ in }
            loop.add(timer, forMode: .default)
            loop.add(timer, forMode: .x)
            _ = runCurrent(.default, for: .milliseconds(25))
            _ = runCurrent(.x, for: .milliseconds(20))
            timer.invalidate()
        }
        #expect(result.outcome == .quiescent)
        #expect(result.details("timer.fire") == ["t in kCFRunLoopDefaultMode", "t in kCFRunLoopDefaultMode", "t in X", "t in X"])
        #expect(result.times("timer.fire") == [ms(10), ms(20), ms(30), ms(40)])
    }

    @Test("a fire date moved later from inside the callout is honoured, and the grid restarts from it")
    func fireDateMovedLaterInCallout() {
        let result = Simulation.run(seed: 0) {
            let runtime = currentRuntime()
            let loop = RunLoop.current
            let moved = Shared(false)
            let timer = RunLoopTimer(fireAt: ms(100), interval: .milliseconds(100), name: "t") { timer in
                if !moved.value {
                    moved.update { $0 = true }
                    timer.fireDate = runtime.now() + .milliseconds(350)
                }
            }
            loop.add(timer, forMode: .default)
            _ = runCurrent(before: ms(700))
            timer.invalidate()
        }
        #expect(result.outcome == .quiescent)
        #expect(result.times("timer.fire") == [ms(100), ms(450), ms(550), ms(650)])
    }

    @Test("a fire date moved earlier from inside the callout is ignored: next = old date + interval")
    func fireDateMovedEarlierInCalloutIgnored() {
        let result = Simulation.run(seed: 0) {
            let loop = RunLoop.current
            let timer = RunLoopTimer(fireAt: ms(100), interval: .milliseconds(100), name: "t") { timer in
                timer.fireDate = ms(5)
            }
            loop.add(timer, forMode: .default)
            _ = runCurrent(before: ms(350))
            timer.invalidate()
        }
        #expect(result.outcome == .quiescent)
        #expect(result.times("timer.fire") == [ms(100), ms(200), ms(300)])
    }

    @Test(
        "a fire date changed from another thread takes effect on the sleeping loop, earlier or later",
        arguments: [0, 1, 2] as [UInt64])
    func fireDateChangedFromAnotherThread(seed: UInt64) {
        let result = simulateOnWorker(seed: seed) {
            let runtime = currentRuntime()
            let loop = RunLoop.current
            let sooner = RunLoopTimer(fireAt: ms(1_000), name: "sooner") { _ in }
            let later = RunLoopTimer(fireAt: ms(300), name: "later") { _ in }
            loop.add(sooner, forMode: .default)
            loop.add(later, forMode: .default)
            let changer = runtime.spawnThread(named: "changer") {
                runtime.sleep(until: ms(100))
                sooner.fireDate = ms(200)
                later.fireDate = ms(1_500)
            }
            _ = runCurrent(for: .seconds(2))
            changer.join()
        }
        #expect(result.outcome == .quiescent)
        #expect(
            result.story(["timer.fire"]) == ["timer.fire sooner in kCFRunLoopDefaultMode", "timer.fire later in kCFRunLoopDefaultMode"])
        #expect(result.times("timer.fire") == [ms(200), ms(1_500)])
        // CFRunLoopTimerSetNextFireDate from another thread wakes the loop: a pass at 100 ms
        // (two, when the loop takes the first wake-up before the second date is set).
        let wakes = result.times("loop.wake")
        #expect(wakes.first == ms(100) && wakes.filter { $0 > ms(100) } == [ms(200), ms(1_500)])
    }

    @Test(
        "a timer added from another thread re-arms the sleeping loop, which wakes only when it is due (CF: no CFRunLoopWakeUp)",
        arguments: [0, 1, 2] as [UInt64])
    func timerAddedFromAnotherThread(seed: UInt64) {
        let result = Simulation.run(seed: seed) {
            let runtime = currentRuntime()
            let loop = RunLoop.current
            _ = try? loop.add(EventFDPort(name: "keep-alive"), forMode: .default)
            loop.add(RunLoopObserver(activities: [.beforeWaiting, .afterWaiting], name: "o") { _, _ in }, forMode: .default)
            let adder = runtime.spawnThread(named: "adder") {
                runtime.sleep(until: ms(100))
                loop.add(RunLoopTimer(fireAt: ms(150), name: "added") { _ in }, forMode: .default)
            }
            _ = runCurrent(for: .seconds(1))
            adder.join()
        }
        #expect(result.outcome == .quiescent)
        #expect(result.times("timer.fire", "added") == [ms(150)])
        #expect(result.times("loop.wake") == [ms(150), ms(1_000)])
        #expect(result.times("observer", "o afterWaiting") == [ms(150), ms(1_000)])
        #expect(result.times("loop.wait") == [.zero, ms(100), ms(150)])
    }

    @Test("re-entrancy guard: a nested run inside a timer's own callout does not fire that timer again")
    func reentrancyGuard() {
        let seen = Shared<[String]>([])
        let result = Simulation.run(seed: 0) {
            let runtime = currentRuntime()
            let loop = RunLoop.current
            let nested = Shared(false)
            let timer = RunLoopTimer(fireAt: ms(10), interval: .milliseconds(10), name: "t") { _ in
                seen.append("fire at \(runtime.now())")
                guard !nested.value else { return }
                nested.update { $0 = true }
                let inner = runCurrent(for: .milliseconds(50))
                seen.append("nested \(inner.map(\.description) ?? "error") at \(runtime.now())")
            }
            loop.add(timer, forMode: .default)
            _ = runCurrent(before: ms(85))
            timer.invalidate()
        }
        #expect(result.outcome == .quiescent)
        let expected = ["fire at 0.010000", "nested timedOut at 0.060000", "fire at 0.070000", "fire at 0.080000"]
        #expect(seen.value == expected)
    }

    @Test("a timer added from a BeforeWaiting observer is in the same sleep's deadline (spec §3.4: adding arms it)")
    func timerAddedBeforeWaiting() {
        let result = Simulation.run(seed: 0) {
            let loop = RunLoop.current
            _ = try? loop.add(EventFDPort(name: "keep-alive"), forMode: .default)
            let observer = RunLoopObserver(activities: .beforeWaiting, repeats: false) { _, _ in
                loop.add(RunLoopTimer(after: .milliseconds(10), name: "from observer") { _ in }, forMode: .default)
            }
            loop.add(observer, forMode: .default)
            _ = runCurrent(for: .seconds(1))
        }
        #expect(result.outcome == .quiescent)
        #expect(result.times("timer.fire", "from observer") == [ms(10)])
    }

    @Test(
        "a timer belongs to the first loop it is added to; adding it to another loop does nothing",
        arguments: [0, 1] as [UInt64])
    func timerBelongsToOneLoop(seed: UInt64) {
        let seen = Shared<[String]>([])
        let result = Simulation.run(seed: seed) {
            let timer = RunLoopTimer(fireAt: ms(10), name: "t") { _ in seen.append("fired on \(LabThread.current.name)") }
            RunLoop.current.add(timer, forMode: .default)
            let other = currentRuntime().spawnThread(named: "other") {
                RunLoop.current.add(timer, forMode: .default)
                seen.append("other holds it: \(RunLoop.current.contains(timer, inMode: .default))")
            }
            other.join()
            _ = runCurrent(for: .seconds(1))
        }
        #expect(result.outcome == .quiescent)
        #expect(seen.value == ["other holds it: false", "fired on main"])
    }

    @Test("fire() calls the block outside any loop and invalidates a one-shot timer")
    func fireDirectly() {
        let seen = Shared<[String]>([])
        let result = Simulation.run(seed: 0) {
            let once = RunLoopTimer(fireAt: ms(100), name: "once") { _ in seen.append("once") }
            let again = RunLoopTimer(fireAt: ms(100), interval: .milliseconds(10), name: "again") { _ in seen.append("again") }
            once.fire()
            once.fire()
            again.fire()
            seen.append("once valid \(once.isValid), again valid \(again.isValid)")
        }
        #expect(result.outcome == .quiescent)
        #expect(seen.value == ["once", "again", "once valid false, again valid true"])
    }

    @Test("perform(afterDelay:) fires only while the loop runs: late if the loop starts late")
    func afterDelayNeedsARunningLoop() {
        let seen = Shared<[String]>([])
        let result = simulateOnWorker(seed: 0) {
            let runtime = currentRuntime()
            let loop = RunLoop.current
            loop.perform(afterDelay: .milliseconds(50), label: "delayed") { seen.append("ran at \(runtime.now())") }
            runtime.sleep(until: ms(200))
            seen.append("loop starts at \(runtime.now())")
            let outcome = runCurrent(for: .milliseconds(100))
            seen.append(outcome.map(\.description) ?? "error")
        }
        #expect(result.outcome == .quiescent)
        #expect(seen.value == ["loop starts at 0.200000", "ran at 0.200000", "finished"])
    }

    @Test("perform(afterDelay:) on a running loop fires after the delay", arguments: [0, 1] as [UInt64])
    func afterDelayOnRunningLoop(seed: UInt64) {
        let seen = Shared<[String]>([])
        let result = Simulation.run(seed: seed) {
            let runtime = currentRuntime()
            let loop = RunLoop.current
            _ = try? loop.add(EventFDPort(name: "keep-alive"), forMode: .default)
            loop.perform {
                loop.perform(afterDelay: .milliseconds(30), label: "delayed") { seen.append("ran at \(runtime.now())") }
            }
            _ = runCurrent(for: .milliseconds(100))
        }
        #expect(result.outcome == .quiescent)
        #expect(seen.value == ["ran at 0.030000"])
    }

    @Test("perform(afterDelay:) on a thread that never runs its loop never fires (spec §9.2 item 8)")
    func afterDelayNeverRunsWithoutALoop() {
        let seen = Shared<[String]>([])
        let result = Simulation.run(seed: 0) {
            let runtime = currentRuntime()
            let worker = runtime.spawnThread(named: "worker") {
                RunLoop.current.perform(afterDelay: .milliseconds(10)) { seen.append("ran") }
                runtime.sleep(until: ms(500))
            }
            worker.join()
        }
        #expect(result.outcome == .quiescent)
        #expect(seen.value == [])
        #expect(result.events("timer.fire").isEmpty)
    }
}
