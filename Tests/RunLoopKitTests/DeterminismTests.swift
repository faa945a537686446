// Determinism (DESIGN.md "The trace"): the same seed gives a byte-identical trace of a busy run-loop program,
// in this process and in another one. Exercises many §9.1 rows at once: two loops, common modes, timers, a pipe
// port, v0 sources, observers, perform blocks, perform(on:) with and without waiting, wake-ups and stop.
import LabRuntime
import RunLoopKit
import Testing

/// Run-loop programs shared by the determinism tests.
enum RunLoopScenarios {
    /// A worker loop serving a pipe port, a common-mode heartbeat and a v0 source; a sender
    /// thread that sends, signals, and performs on the worker (every other time waiting); and
    /// main's own loop with a timer, a block from the sender, and a stop at the end.
    static let busy: @Sendable () -> Void = {
        let runtime = currentRuntime()
        let ready = runtime.makeSemaphore(named: "worker ready", value: 0)
        let requests = PipePort(name: "requests")
        let kick = RunLoopSource(name: "kick", order: 1) {}
        let worker = runtime.spawnThread(named: "worker") {
            let loop = RunLoop.current
            loop.addCommonMode(.tracking)
            try? loop.add(PortSource(port: requests) { _ in }, forMode: .common)
            loop.add(kick, forMode: .default)
            loop.add(RunLoopTimer(fireAt: ms(5), interval: .milliseconds(7), name: "heartbeat") { _ in }, forMode: .common)
            loop.add(RunLoopObserver(activities: [.beforeWaiting, .afterWaiting], name: "waits") { _, _ in }, forMode: .default)
            loop.perform { ready.signal() }
            _ = try? loop.run(mode: .default, for: .milliseconds(40))
            _ = try? loop.run(mode: .tracking, for: .milliseconds(20))
        }
        ready.wait()
        let main = RunLoop.current
        _ = try? main.add(EventFDPort(name: "main keep-alive"), forMode: .default)
        main.add(RunLoopTimer(fireAt: ms(4), interval: .milliseconds(9), name: "main tick") { _ in }, forMode: .default)
        let sender = runtime.spawnThread(named: "sender") {
            for index in 0..<6 {
                requests.send()
                kick.signal()
                RunLoop.of(worker).wakeUp()
                try? RunLoop.perform(on: worker, modes: [.common], waitUntilDone: index.isMultiple(of: 2), label: "job \(index)") {}
                runtime.sleep(until: runtime.now() + .milliseconds(3))
            }
            try? RunLoop.perform(on: RunLoop.main?.thread ?? worker, label: "report") {}
            worker.join()
            RunLoop.main?.stop()
        }
        _ = try? main.run(mode: .default, for: .milliseconds(200))
        sender.join()
    }
}

@Suite("Determinism: the same seed gives the same run-loop trace")
struct RunLoopDeterminismTests {
    @Test("a busy two-loop program gives a byte-identical trace twice in one process", arguments: [0, 1, 7] as [UInt64])
    func sameSeedTwice(seed: UInt64) {
        let first = Simulation.run(seed: seed, main: RunLoopScenarios.busy)
        let second = Simulation.run(seed: seed, main: RunLoopScenarios.busy)
        #expect(first.outcome == .quiescent, "\(first.outcome)")
        #expect(first.trace.count > 200)
        #expect(first.events("timer.fire").count > 5)
        #expect(first.events("port.perform").count > 0)
        #expect(first.traceText == second.traceText)
        #expect(first.schedule == second.schedule)
    }

    @Test("the same seed gives a byte-identical trace in another process")
    func sameSeedAcrossProcesses() async throws {
        let here = Simulation.run(seed: 7, main: RunLoopScenarios.busy).traceText
        let child = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
            print(Simulation.run(seed: 7, main: RunLoopScenarios.busy).traceText)
        }
        let printed = try #require(child).standardOutputContent
        #expect(String(decoding: printed, as: UTF8.self) == here + "\n")
    }

    @Test("different seeds interleave the busy program differently, and replaying a schedule reproduces it")
    func seedsDifferAndReplay() throws {
        let runs = (0..<8 as Range<UInt64>).map { Simulation.run(seed: $0, main: RunLoopScenarios.busy) }
        #expect(runs.allSatisfy { $0.outcome == .quiescent })
        #expect(Set(runs.map(\.schedule.description)).count > 3)
        let original = runs[3]
        let replayed = Simulation.replay(try Schedule(parsing: original.schedule.description), main: RunLoopScenarios.busy)
        #expect(replayed.traceText == original.traceText)
    }
}
