import LabRuntime
import LabTestSupport
import Synchronization
import Testing

@Suite("The baton scheduler")
struct SchedulerTests {
    @Test("1,000 seeds of a three-thread lock scenario all complete with the right total")
    func thousandSeedsComplete() {
        for seed in 0..<1_000 as Range<UInt64> {
            let total = Shared(0)
            let result = Simulation.run(seed: seed, main: Scenarios.threeThreadLock(rounds: 4, total: total))
            let outcome = result.outcome
            #expect(outcome == SimulationOutcome.quiescent, "seed \(seed): \(outcome)")
            #expect(total.value == 12, "seed \(seed)")
        }
    }

    @Test("some seed finds the AB/BA deadlock and names both threads and both locks")
    func abbaDeadlockFound() throws {
        let found = (0..<200 as Range<UInt64>).lazy.map { Simulation.run(seed: $0, main: Scenarios.abba) }
            .first { $0.outcome.isDeadlock }
        let result = try #require(found)
        guard case let .deadlock(graph) = result.outcome else { return }
        let report = graph.description
        let firstWaits = report.contains("T1 ab waits for lock L1 B, held by T2 ba")
        #expect(firstWaits)
        #expect(report.contains("T2 ba waits for lock"))
        #expect(report.contains("L0 A") && report.contains("L1 B"))
        #expect(graph.lockCycle == [1, 2])
        #expect(report.contains("T0 main waits for T1 ab to exit"))
        let replayed = Simulation.replay(result.schedule, main: Scenarios.abba)
        #expect(replayed.outcome == result.outcome)
    }

    @Test("most seeds of AB/BA do not deadlock: the bug needs a particular interleaving")
    func abbaUsuallyFine() {
        let clean = (0..<50 as Range<UInt64>).filter { Simulation.run(seed: $0, main: Scenarios.abba).outcome == .quiescent }
        #expect(!clean.isEmpty)
    }

    @Test("taking a non-recursive lock twice is reported as a self-wait")
    func recursionOnNonRecursiveLock() {
        let result = Simulation.run(seed: 1) {
            let lock = currentRuntime().makeLock(named: "plain")
            lock.lock()
            lock.lock()
        }
        guard case let .deadlock(graph) = result.outcome else {
            Issue.record("expected deadlock, got \(result.outcome)")
            return
        }
        #expect(graph.description.contains("which it already holds (recursion on a non-recursive lock)"))
    }

    @Test("unlocking a lock another thread holds changes nothing, is traced, and the run goes on", arguments: [0, 1, 2] as [UInt64])
    func unlockByAnotherThread(seed: UInt64) {
        let answers = Shared<[Bool]>([])
        let result = Simulation.run(seed: seed) {
            let runtime = currentRuntime()
            let lock = runtime.makeLock(named: "plain")
            lock.lock()
            let intruder = runtime.spawnThread(named: "intruder") { answers.update { $0.append(lock.unlock()) } }
            intruder.join()
            answers.update { $0.append(lock.unlock()) }
        }
        #expect(result.outcome == .quiescent)
        #expect(answers.value == [false, true])
        let misuse = result.trace.filter { $0.name == "lock.release-unheld" }.map(\.unnumberedText)
        #expect(misuse.count == 1)
        #expect(misuse.first?.hasSuffix("T1 intruder lock.release-unheld L0 plain held by T0") == true)
        #expect(result.trace.filter { $0.name == "lock.release" }.count == 1)
    }

    @Test("a recursive lock can be re-entered by its owner")
    func recursiveLock() {
        let result = Simulation.run(seed: 1) {
            let lock = currentRuntime().makeLock(named: "rec", lockClass: nil, recursive: true)
            lock.withLock { lock.withLock { lock.withLock {} } }
        }
        #expect(result.outcome == .quiescent)
        let acquisitions: [String] = result.trace.filter { $0.name == "lock.acquire" }.map(\.kind.detail)
        #expect(acquisitions == ["L0 rec depth=1", "L0 rec depth=2", "L0 rec depth=3"])
    }

    @Test("a semaphore nobody signals is a deadlock, not a hang")
    func lostSignal() {
        let result = Simulation.run(seed: 1) {
            currentRuntime().makeSemaphore(named: "never", value: 0).wait()
        }
        guard case let .deadlock(graph) = result.outcome else {
            Issue.record("expected deadlock, got \(result.outcome)")
            return
        }
        #expect(graph.description == "T0 main waits on semaphore never, which nothing will signal")
    }

    @Test("virtual time jumps to the next deadline and never reads the wall clock")
    func virtualTime() {
        let stamps = Shared<[LabInstant]>([])
        let result = Simulation.run(seed: 1) {
            let runtime = currentRuntime()
            runtime.sleep(until: .zero + .seconds(3600))
            stamps.update { $0.append(runtime.now()) }
            runtime.sleep(until: runtime.now() + .milliseconds(5))
            stamps.update { $0.append(runtime.now()) }
        }
        #expect(result.outcome == .quiescent)
        let hour = LabInstant.zero + Duration.seconds(3600)
        let expected: [LabInstant] = [hour, hour + Duration.milliseconds(5)]
        #expect(stamps.value == expected)
        #expect(result.trace.filter { $0.name == "clock.advance" }.count == 2)
    }

    @Test("two threads yielding forever hit the step budget instead of spinning")
    func livelock() {
        let result = Simulation.run(seed: 1, stepLimit: 500) {
            let runtime = currentRuntime()
            _ = runtime.spawnThread(named: "spinner") { while true { runtime.yield("spin") } }
            while true { runtime.yield("spin") }
        }
        #expect(result.outcome == .stepLimitExceeded(steps: 500))
    }

    @Test("a time limit ends a run that would never quiesce")
    func timeLimit() {
        let result = Simulation.run(seed: 1, timeLimit: .seconds(1)) {
            let runtime = currentRuntime()
            while true { runtime.sleep(until: runtime.now() + .milliseconds(300)) }
        }
        #expect(result.outcome == .timeLimitReached(.zero + .seconds(1)))
        #expect(result.endTime == .zero + .milliseconds(900))
    }

    @Test("simulations running side by side do not see each other")
    func parallelSimulationsIsolated() async {
        let expected = Simulation.run(seed: 11, main: Scenarios.mixed).traceText
        let traces = await withTaskGroup(of: String.self) { group in
            for _ in 0..<4 { group.addTask { Simulation.run(seed: 11, main: Scenarios.mixed).traceText } }
            return await group.reduce(into: [String]()) { $0.append($1) }
        }
        #expect(traces == Array(repeating: expected, count: 4))
    }

    @Test("ids are numbered in creation order within a run")
    func creationOrderIDs() {
        let ids = Shared<[Int]>([])
        _ = Simulation.run(seed: 5) {
            let runtime = currentRuntime()
            let locks = (0..<3).map { runtime.makeLock(named: "l\($0)") }
            let thread = runtime.spawnThread(named: "x") {}
            thread.join()
            ids.update { $0 = locks.map(\.id) + [thread.id, LabThread.current.id] }
        }
        #expect(ids.value == [0, 1, 2, 1, 0])
    }
}
