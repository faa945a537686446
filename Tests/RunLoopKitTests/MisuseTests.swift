// Bad input: each misuse is a clear `RunLoopError`, never a hang. Covers the error side of the §9.1 rows
// "one loop per thread" (only the owner runs it, spec §7 E1), "\"run common modes\" rejected" (should),
// "version-1 sources on ports" (closed descriptors, removing what is not scheduled) and
// "perform-selector-on-thread" (a thread that has exited).
import CSystem
import Glibc
import LabRuntime
import LabTestSupport
import RunLoopKit
import Testing

@Suite("Misuse: clear errors, never a hang")
struct MisuseTests {
    @Test("performing on a thread that has exited throws threadExited, with or without waiting")
    func performOnExitedThread() {
        let seen = Shared<[Result<Void, RunLoopError>]>([])
        let result = Simulation.run(seed: 0) {
            let worker = currentRuntime().spawnThread(named: "worker") {}
            worker.join()
            seen.append(attempt { () throws(RunLoopError) in try RunLoop.perform(on: worker, waitUntilDone: true) {} })
            seen.append(attempt { () throws(RunLoopError) in try RunLoop.perform(on: worker) {} })
        }
        #expect(result.outcome == .quiescent)
        let errors = seen.value.map { outcome -> RunLoopError? in
            if case let .failure(error) = outcome { error } else { nil }
        }
        #expect(errors == [.threadExited("T1 worker"), .threadExited("T1 worker")])
        #expect(RunLoopError.threadExited("T1 worker").description == "T1 worker has exited; work performed on it would never run")
    }

    @Test("a thread that exits while a caller waits on it releases the caller with threadExited, never a hang")
    func targetExitsWhileCallerWaits() {
        var kinds: [String: Int] = [:]
        for seed in 0..<24 as Range<UInt64> {
            let seen = Shared<[String]>([])
            let result = Simulation.run(seed: seed) {
                let runtime = currentRuntime()
                let target = runtime.spawnThread(named: "target") {
                    _ = try? RunLoop.current.add(EventFDPort(name: "keep-alive"), forMode: .default)
                    _ = runCurrent(for: .milliseconds(10))
                    runtime.yield("target about to exit")
                }
                runtime.sleep(until: ms(10))
                let outcome = attempt { () throws(RunLoopError) in
                    try RunLoop.perform(on: target, waitUntilDone: true, label: "late") { seen.append("ran") }
                }
                switch outcome {
                case .success: seen.append("returned")
                case let .failure(error): seen.append("\(error)")
                }
                target.join()
            }
            #expect(result.outcome == .quiescent, "seed \(seed): \(result.outcome)")
            let lines = seen.value
            let queued = result.index("perform.enqueue", "late") != nil
            switch lines {
            case ["ran", "returned"]: kinds["ran", default: 0] += 1
            case ["T1 target has exited; work performed on it would never run"]:
                kinds[queued ? "released at teardown" : "refused", default: 0] += 1
            default: Issue.record("seed \(seed): \(lines)")
            }
        }
        #expect(kinds.keys.sorted() == ["ran", "refused", "released at teardown"], "\(kinds)")
    }

    @Test("running another thread's loop throws notOwningThread and does not run it")
    func runFromAnotherThread() {
        let seen = Shared<[Result<RunLoopResult, RunLoopError>]>([])
        let result = Simulation.run(seed: 0) {
            let runtime = currentRuntime()
            let worker = runtime.spawnThread(named: "worker") {
                _ = try? RunLoop.current.add(EventFDPort(name: "keep-alive"), forMode: .default)
            }
            worker.join()
            let loop = RunLoop.of(worker)
            seen.append(attempt { () throws(RunLoopError) in try loop.run(mode: .default, for: .seconds(1)) })
            seen.append(attempt { () throws(RunLoopError) in try loop.run(mode: .default, before: .distantFuture) })
        }
        #expect(result.outcome == .quiescent)
        let refusal = RunLoopError.notOwningThread(loopThread: "T1 worker", caller: "T0 main")
        #expect(seen.value.count == 2)
        for outcome in seen.value {
            if case let .failure(error) = outcome { #expect(error == refusal) } else { Issue.record("ran: \(outcome)") }
        }
        #expect(refusal.description == "the run loop of T1 worker can only be run by that thread, not by T0 main")
        #expect(result.events("loop.entry").isEmpty)
        #expect(result.endTime == .zero)
    }

    @Test("run() on another thread's loop throws too")
    func runForeverFromAnotherThread() {
        let seen = Shared<[String]>([])
        let result = Simulation.run(seed: 0) {
            let worker = currentRuntime().spawnThread(named: "worker") {}
            let loop = RunLoop.of(worker)
            do throws(RunLoopError) {
                try loop.run()
                seen.append("ran")
            } catch {
                seen.append("\(error)")
            }
            worker.join()
        }
        #expect(result.outcome == .quiescent)
        #expect(seen.value == ["the run loop of T1 worker can only be run by that thread, not by T0 main"])
    }

    @Test("running .common throws cannotRunCommonModes with a message that says what to do instead")
    func runCommon() {
        let seen = Shared<[Result<RunLoopResult, RunLoopError>]>([])
        let result = Simulation.run(seed: 0) {
            seen.append(attempt { () throws(RunLoopError) in try RunLoop.current.run(mode: .common, for: .seconds(1)) })
        }
        #expect(result.outcome == .quiescent)
        #expect(seen.value == [.failure(.cannotRunCommonModes)])
        let text = RunLoopError.cannotRunCommonModes.description
        #expect(text.contains("cannot run kCFRunLoopCommonModes"))
        #expect(text.contains("run a real mode such as kCFRunLoopDefaultMode"))
    }

    @Test("removing a port or port source that is not scheduled in the mode throws notScheduled")
    func removeNotScheduled() {
        let seen = Shared<[Result<Void, RunLoopError>]>([])
        let result = Simulation.run(seed: 0) {
            let loop = RunLoop.current
            let never = EventFDPort(name: "never added")
            let elsewhere = EventFDPort(name: "in X")
            _ = try? loop.add(elsewhere, forMode: .x)
            let loose = PortSource(port: EventFDPort(name: "loose source"))
            seen.append(attempt { () throws(RunLoopError) in try loop.remove(never, forMode: .default) })
            seen.append(attempt { () throws(RunLoopError) in try loop.remove(elsewhere, forMode: .default) })
            seen.append(attempt { () throws(RunLoopError) in try loop.remove(loose, forMode: .default) })
            seen.append(attempt { () throws(RunLoopError) in try loop.remove(elsewhere, forMode: .common) })
            seen.append(attempt { () throws(RunLoopError) in try loop.remove(elsewhere, forMode: .x) })
            seen.append(attempt { () throws(RunLoopError) in try loop.remove(elsewhere, forMode: .x) })
        }
        #expect(result.outcome == .quiescent)
        let errors = seen.value.map { outcome -> String in
            switch outcome {
            case .success: "removed"
            case let .failure(error): "\(error)"
            }
        }
        let expected = [
            "never added is not scheduled in mode kCFRunLoopDefaultMode, so it cannot be removed from it",
            "in X is not scheduled in mode kCFRunLoopDefaultMode, so it cannot be removed from it",
            "loose source is not scheduled in mode kCFRunLoopDefaultMode, so it cannot be removed from it",
            "in X is not scheduled in mode kCFRunLoopCommonModes, so it cannot be removed from it",
            "removed",
            "in X is not scheduled in mode X, so it cannot be removed from it",
        ]
        #expect(errors == expected)
    }

    @Test("adding a closed descriptor throws closedDescriptor: a PortSource on a closed fd, or a closed EventFDPort")
    func closedDescriptor() {
        let seen = Shared<[String]>([])
        let result = simulateOnWorker(seed: 0) {
            let loop = RunLoop.current
            let fd = LabFileDescriptor(adopting: eventfd(0, 0), label: "closed fd")
            fd.close()
            let onClosedFD = PortSource(readable: fd) {}
            let port = EventFDPort(name: "closed port")
            port.descriptor.close()
            let outcomes = [
                attempt { () throws(RunLoopError) in try loop.add(onClosedFD, forMode: .default) },
                attempt { () throws(RunLoopError) in _ = try loop.add(port, forMode: .default) },
                attempt { () throws(RunLoopError) in try loop.add(PortSource(port: port), forMode: .common) },
            ]
            for outcome in outcomes {
                switch outcome {
                case .success: seen.append("added")
                case let .failure(error): seen.append("\(error)")
                }
            }
            seen.append("default mode still empty: \(runCurrent(for: .seconds(1)).map(\.description) ?? "error")")
        }
        #expect(result.outcome == .quiescent)
        let expected = [
            "closed fd is closed; a run loop can only wait on open descriptors",
            "closed port is closed; a run loop can only wait on open descriptors",
            "closed port is closed; a run loop can only wait on open descriptors",
            "default mode still empty: finished",
        ]
        #expect(seen.value == expected)
    }

    @Test("every error's description names the thing and the rule")
    func descriptions() {
        let texts = [
            RunLoopError.notOwningThread(loopThread: "T1 a", caller: "T2 b"),
            .cannotRunCommonModes,
            .threadExited("T3 c"),
            .notScheduled(source: "p", mode: "X"),
            .closedDescriptor("fd 9"),
            .loopTornDown("T4 d"),
        ].map(\.description)
        let expected = [
            "the run loop of T1 a can only be run by that thread, not by T2 b",
            "cannot run kCFRunLoopCommonModes: it is a tag for adding items to every common mode, not a mode; run a real mode such as kCFRunLoopDefaultMode",
            "T3 c has exited; work performed on it would never run",
            "p is not scheduled in mode X, so it cannot be removed from it",
            "fd 9 is closed; a run loop can only wait on open descriptors",
            "the run loop of T4 d was torn down when its thread exited",
        ]
        #expect(texts == expected)
    }
}
