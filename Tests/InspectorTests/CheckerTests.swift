import Inspector
import LabRuntime
import RunLoopKit
import Testing

@Suite("Checkers: deadlock, lock misuse, liveness, expectations")
struct CheckerTests {
    @Test(
        "a cycle through a waitUntilDone semaphore and a lock is a deadlock with the cycle, not a stuck thread",
        arguments: [0, 1, 2] as [UInt64])
    func semaphoreLockCycle(seed: UInt64) throws {
        let run = Simulation.run(seed: seed) {
            let runtime = currentRuntime()
            let ready = runtime.makeSemaphore(named: "ready", value: 0)
            let lock = runtime.makeLock(named: "state")
            let worker = runtime.spawnThread(named: "worker") {
                let loop = RunLoop.current
                _ = try? loop.add(EventFDPort(name: "keep-alive"), forMode: .default)
                loop.perform { ready.signal() }
                _ = try? loop.run(mode: .default, for: .seconds(1))
            }
            ready.wait()
            lock.lock()
            try? RunLoop.perform(on: worker, waitUntilDone: true, label: "update") {
                lock.lock()
                lock.unlock()
            }
            lock.unlock()
        }
        let violation = try #require(DeadlockChecker().check(run).first)
        #expect(violation.summary == "deadlock: T0 main → T1 worker → T0 main")
        #expect(violation.details.contains("cycle through a semaphore:"))
        #expect(violation.details.contains("  T0 main waits on semaphore waitUntilDone update, which T1 would signal"))
        #expect(violation.details.contains("  T1 worker waits for lock L0 state, held by T0 main"))
        #expect(LivenessChecker().check(run).isEmpty)
    }

    @Test("the deadlock checker reports the wait-for graph and the cycle")
    func deadlock() throws {
        let run = Scenario.abba.replay(try Schedule(parsing: "4:T2"))
        let violation = try #require(DeadlockChecker().check(run).first)
        #expect(violation.kind == .deadlock)
        #expect(violation.summary == "deadlock: T1 ab → T2 ba → T1 ab")
        #expect(violation.details.contains("T1 ab waits for lock L1 B, held by T2 ba"))
        #expect(violation.details.contains("T2 ba waits for lock L0 A, held by T1 ab"))
        #expect(LivenessChecker().check(run).isEmpty)
        #expect(LockMisuseChecker().check(run).isEmpty)
    }

    @Test("a deadlocked run's trace shows every lock wait, even one asked for while the lock was free")
    func everyWaitTraced() throws {
        let run = Scenario.abba.replay(try Schedule(parsing: "4:T2"))
        let waits = run.trace.filter { $0.name == "lock.wait" }.map { "T\($0.thread) \($0.kind.detail)" }
        #expect(waits.sorted() == ["T1 L1 B held by T2", "T2 L0 A held by T1"])
    }

    @Test("the lock-misuse checker names recursion on a non-recursive lock")
    func lockRecursion() throws {
        let report = Explorer(scenario: .reentrantCallback, strategy: .exhaustive(preemptionBound: 2)).explore()
        let finding = try #require(report.finding)
        let violation = try #require(finding.violations.first)
        #expect(violation.checker == "lock-misuse")
        #expect(violation.kind == .lockRecursion)
        #expect(violation.summary == "recursion on non-recursive lock L0 state by T0 main")
        #expect(violation.details.first == "T0 main waits for L0 state (class state), which it already holds")
        #expect(finding.run.schedule.preemptions == 1)
        #expect(DeadlockChecker().check(finding.run).isEmpty)
    }

    @Test("the lock-misuse checker reports an unlock by a thread that does not hold the lock, naming the lock and both threads")
    func unheldUnlock() throws {
        let report = Explorer(scenario: TestScenarios.foreignUnlock, strategy: .random(seed: 0), schedules: 20).explore()
        let finding = try #require(report.finding)
        let violation = try #require(finding.violations.first)
        #expect(violation.checker == "lock-misuse")
        #expect(violation.kind == .unheldUnlock)
        #expect(violation.summary == "unlock of L0 cache by T1 intruder, which does not hold it (T0 main does)")
        #expect(violation.details.contains { $0.hasPrefix("T0 main took L0 cache at #") })
        #expect(finding.run.outcome == .quiescent)
        #expect(DeadlockChecker().check(finding.run).isEmpty)
    }

    @Test("the liveness checker lists a thread stuck on a semaphore nobody will signal, with its last event")
    func lostSignal() throws {
        let report = Explorer(scenario: .lostSignal, strategy: .exhaustive(preemptionBound: 2)).explore()
        let finding = try #require(report.finding)
        let violation = try #require(finding.violations.first)
        #expect(violation.kind == .stuckThread)
        #expect(violation.summary.hasPrefix("T1 consumer is blocked forever"))
        #expect(violation.details.contains("T1 consumer waits on semaphore wake-up, which nothing will signal"))
        #expect(violation.details.contains { $0.hasPrefix("  last event: ") })
        #expect(finding.run.schedule.preemptions == 1)
    }

    @Test("the expect checker reports a failed expectation recorded by the scenario")
    func expectation() throws {
        let report = Explorer(scenario: TestScenarios.racyCounter, strategy: .exhaustive(preemptionBound: 1)).explore()
        let finding = try #require(report.finding)
        #expect(finding.violations.first?.kind == .expectation)
        #expect(finding.violations.first?.summary.hasPrefix("expectation failed: total == 3 (got ") == true)
        #expect(Explorer(scenario: .lockCounter, strategy: .random(seed: 1), schedules: 200).explore().finding == nil)
    }

    @Test("checkers are selected by name, and an unknown name is reported with the known ones")
    func registry() throws {
        let chosen = try CheckerRegistry.lab.checkers(named: ["lock-order", "deadlock"])
        #expect(chosen.map(\.name) == ["lock-order", "deadlock"])
        #expect(throws: UnknownNameError.self) { try CheckerRegistry.lab.checkers(named: ["nope"]) }
        do { _ = try CheckerRegistry.lab.checkers(named: ["nope"]) } catch {
            #expect(error.description == "unknown checker 'nope' (known: deadlock, lock-misuse, liveness, livelock, expect, lock-order)")
        }
    }
}
