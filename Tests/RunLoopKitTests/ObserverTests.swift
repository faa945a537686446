// §9.1 row: "observers: 6 activities, order, repeats, firing guard" (must), spec §5 (E6, E7);
// "empty-mode ⇒ finished (… not observers)" for observers, also in EmptyModeTests.
import LabRuntime
import LabTestSupport
import RunLoopKit
import Testing

@Suite("Observers: six activities in CF's order, sorted by order, repeats, firing guard")
struct ObserverTests {
    @Test("a run with one timer fire: entry, beforeTimers, beforeSources, beforeWaiting, afterWaiting, the timer, exit")
    func sixActivitiesInOrder() {
        let result = simulateOnWorker(seed: 0) {
            let loop = RunLoop.current
            loop.add(RunLoopObserver(activities: .all, name: "o") { _, _ in }, forMode: .default)
            loop.add(RunLoopTimer(fireAt: ms(10), name: "t") { _ in }, forMode: .default)
            _ = runCurrent(for: .seconds(1))
        }
        #expect(result.outcome == .quiescent)
        let story = result.story(["observer", "timer.fire", "loop.wait"])
        let expected = [
            "observer o entry in kCFRunLoopDefaultMode",
            "observer o beforeTimers in kCFRunLoopDefaultMode",
            "observer o beforeSources in kCFRunLoopDefaultMode",
            "observer o beforeWaiting in kCFRunLoopDefaultMode",
            "loop.wait kCFRunLoopDefaultMode until 0.010000",
            "observer o afterWaiting in kCFRunLoopDefaultMode",
            "timer.fire t in kCFRunLoopDefaultMode",
            "observer o exit in kCFRunLoopDefaultMode",
        ]
        #expect(story == expected)
    }

    @Test("Entry and Exit bracket every run, nested ones included; Before/AfterWaiting only around a real sleep")
    func entryExitBracketEachRun() {
        let result = Simulation.run(seed: 0) {
            let loop = RunLoop.current
            _ = try? loop.add(EventFDPort(name: "keep-alive"), forMode: .default)
            loop.add(RunLoopObserver(activities: [.entry, .exit, .beforeWaiting], name: "o") { _, _ in }, forMode: .default)
            let source = RunLoopSource(name: "s") {}
            loop.add(source, forMode: .default)
            source.signal()
            _ = runCurrent(for: .seconds(1), returnAfterSourceHandled: true)
            _ = runCurrent(for: .zero)
        }
        #expect(result.outcome == .quiescent)
        let story = result.story(["observer"])
        let expected = [
            "observer o entry in kCFRunLoopDefaultMode", "observer o exit in kCFRunLoopDefaultMode",
            "observer o entry in kCFRunLoopDefaultMode", "observer o exit in kCFRunLoopDefaultMode",
        ]
        #expect(story == expected)
    }

    @Test("spec E7: observers are called in ascending order (−5, 0, 1, 2, 10) whatever the insertion order; ties keep insertion order")
    func orderSorting() {
        let called = Shared<[String]>([])
        let result = Simulation.run(seed: 0) {
            let loop = RunLoop.current
            for (name, order) in [("ten", 10), ("one", 1), ("minus five", -5), ("two", 2), ("zero", 0), ("zero again", 0)] {
                let observer = RunLoopObserver(activities: .entry, order: order, name: name) { observer, _ in
                    called.append("\(observer.order) \(observer.name)")
                }
                loop.add(observer, forMode: .default)
            }
            loop.perform {}
            _ = runCurrent(for: .zero)
        }
        #expect(result.outcome == .quiescent)
        #expect(called.value == ["-5 minus five", "0 zero", "0 zero again", "1 one", "2 two", "10 ten"])
    }

    @Test("an observer with repeats = false is called once, then invalidated and removed")
    func nonRepeatingCalledOnce() {
        let seen = Shared<[String]>([])
        let result = Simulation.run(seed: 0) {
            let loop = RunLoop.current
            _ = try? loop.add(EventFDPort(name: "keep-alive"), forMode: .default)
            let once = RunLoopObserver(activities: .all, repeats: false, name: "once") { _, activity in seen.append("\(activity)") }
            loop.add(once, forMode: .default)
            _ = runCurrent(for: .milliseconds(10))
            _ = runCurrent(for: .milliseconds(10))
            seen.append("valid \(once.isValid), still in mode \(loop.contents(of: .default).observers.count)")
        }
        #expect(result.outcome == .quiescent)
        #expect(seen.value == ["entry", "valid false, still in mode 0"])
    }

    @Test("observers are called only for the activities they ask for, and only in their modes")
    func activitiesAndModesFilter() {
        let seen = Shared<[String]>([])
        let result = Simulation.run(seed: 0) {
            let loop = RunLoop.current
            _ = try? loop.add(EventFDPort(name: "keep default"), forMode: .default)
            _ = try? loop.add(EventFDPort(name: "keep X"), forMode: .x)
            loop.add(
                RunLoopObserver(activities: [.beforeWaiting, .afterWaiting], name: "waits") { _, activity in
                    seen.append("waits: \(activity)")
                }, forMode: .default)
            loop.add(RunLoopObserver(activities: .all, name: "in X") { _, activity in seen.append("in X: \(activity)") }, forMode: .x)
            _ = runCurrent(.default, for: .milliseconds(10))
        }
        #expect(result.outcome == .quiescent)
        #expect(seen.value == ["waits: beforeWaiting", "waits: afterWaiting"])
    }

    @Test("firing guard: an observer that runs a nested run in its own callout is not re-entered by it")
    func firingGuard() {
        let seen = Shared<[String]>([])
        let result = Simulation.run(seed: 0) {
            let loop = RunLoop.current
            _ = try? loop.add(EventFDPort(name: "keep-alive"), forMode: .default)
            let nested = Shared(false)
            let guarded = RunLoopObserver(activities: .all, name: "guarded") { _, activity in
                seen.append("guarded \(activity) depth=\(loop.nestingDepth)")
                guard activity == .entry, !nested.value else { return }
                nested.update { $0 = true }
                _ = runCurrent(for: .milliseconds(10))
            }
            let witness = RunLoopObserver(activities: [.entry, .exit], order: 1, name: "witness") { _, activity in
                seen.append("witness \(activity) depth=\(loop.nestingDepth)")
            }
            loop.add(guarded, forMode: .default)
            loop.add(witness, forMode: .default)
            _ = runCurrent(for: .milliseconds(20))
        }
        #expect(result.outcome == .quiescent)
        let lines = seen.value
        #expect(lines.first == "guarded entry depth=1")
        #expect(Array(lines.dropFirst().prefix(2)) == ["witness entry depth=2", "witness exit depth=2"])
        #expect(!lines.contains { $0.hasPrefix("guarded") && $0.hasSuffix("depth=2") })
        #expect(lines.last == "witness exit depth=1")
        #expect(lines.contains("guarded beforeWaiting depth=1"))
    }

    @Test("an observer added during a callout waits for the next notification")
    func addedDuringCalloutWaits() {
        let seen = Shared<[String]>([])
        let result = Simulation.run(seed: 0) {
            let loop = RunLoop.current
            _ = try? loop.add(EventFDPort(name: "keep-alive"), forMode: .default)
            let late = RunLoopObserver(activities: [.beforeTimers, .beforeSources], name: "late") { _, activity in
                seen.append("late \(activity)")
            }
            let adder = RunLoopObserver(activities: .beforeTimers, repeats: false, name: "adder") { _, _ in
                seen.append("adder")
                loop.add(late, forMode: .default)
            }
            loop.add(adder, forMode: .default)
            _ = runCurrent(for: .zero)
        }
        #expect(result.outcome == .quiescent)
        #expect(seen.value == ["adder", "late beforeSources"])
    }

    @Test("a loop's first observer, added by a timer after passes with none, is called from the next activity on")
    func firstObserverAddedMidRun() {
        let result = simulateOnWorker(seed: 0) {
            let loop = RunLoop.current
            loop.add(
                RunLoopTimer(fireAt: ms(10), name: "adder") { _ in
                    loop.add(RunLoopObserver(activities: .all, name: "o") { _, _ in }, forMode: .default)
                }, forMode: .default)
            loop.add(RunLoopTimer(fireAt: ms(20), name: "t") { _ in }, forMode: .default)
            _ = runCurrent(for: .seconds(1))
        }
        #expect(result.outcome == .quiescent)
        let expected = [
            "timer.fire adder in kCFRunLoopDefaultMode",
            "observer o beforeTimers in kCFRunLoopDefaultMode",
            "observer o beforeSources in kCFRunLoopDefaultMode",
            "observer o beforeWaiting in kCFRunLoopDefaultMode",
            "observer o afterWaiting in kCFRunLoopDefaultMode",
            "timer.fire t in kCFRunLoopDefaultMode",
            "observer o exit in kCFRunLoopDefaultMode",
        ]
        #expect(result.story(["observer", "timer.fire"]) == expected)
    }

    @Test("observers do not keep a mode alive, and a finished-at-once run calls none of them")
    func observersDoNotKeepAlive() {
        let seen = Shared<[String]>([])
        let result = Simulation.run(seed: 0) {
            let loop = RunLoop.current
            loop.add(RunLoopObserver(activities: .all) { _, activity in seen.append("\(activity)") }, forMode: .x)
            seen.append(runCurrent(.x, for: .seconds(1)).map(\.description) ?? "error")
        }
        #expect(result.outcome == .quiescent)
        #expect(seen.value == ["finished"])
    }

    @Test("an observer belongs to the first loop it is added to: adding it to another loop does nothing (spec §5)")
    func belongsToItsFirstLoop() {
        let seen = Shared<[String]>([])
        let result = Simulation.run(seed: 0) {
            let runtime = currentRuntime()
            let added = runtime.makeSemaphore(named: "added", value: 0)
            let observer = RunLoopObserver(activities: .entry, name: "o") { _, _ in
                seen.append("entry on \(LabThread.current)")
            }
            let worker = runtime.spawnThread(named: "worker") {
                let loop = RunLoop.current
                _ = try? loop.add(EventFDPort(name: "keep-alive"), forMode: .default)
                loop.add(observer, forMode: .default)
                added.signal()
                _ = runCurrent(for: .milliseconds(50))
            }
            added.wait()
            let loop = RunLoop.current
            _ = try? loop.add(EventFDPort(name: "keep-alive"), forMode: .default)
            loop.add(observer, forMode: .default)
            _ = runCurrent(for: .milliseconds(10))
            worker.join()
        }
        #expect(result.outcome == .quiescent)
        #expect(seen.value == ["entry on T1 worker"])
    }
}
