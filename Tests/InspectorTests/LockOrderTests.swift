import Inspector
import LabRuntime
import Testing

@Suite("Lock order: lockdep on lock classes")
struct LockOrderTests {
    @Test("predicts the AB/BA inversion from a run that did not deadlock")
    func predictsWithoutDeadlock() throws {
        let run = Scenario.abba.replay(Schedule(switches: []))
        #expect(run.outcome == .quiescent)
        #expect(DeadlockChecker().check(run).isEmpty)
        let violation = try #require(LockOrderChecker().check(run).first)
        #expect(violation.kind == .lockOrderInversion)
        #expect(violation.summary == "possible lock order inversion: A → B → A")
        let text = violation.details.joined(separator: "\n")
        #expect(text.contains("CPU0"))
        #expect(text.contains("CPU1"))
        #expect(text.contains("*** DEADLOCK ***"))
        let acquireB = try #require(run.trace.first { $0.thread == 1 && $0.kind.detail == "L1 B depth=1" })
        let acquireA = try #require(run.trace.first { $0.thread == 2 && $0.kind.detail == "L0 A depth=1" })
        #expect(
            violation.details.contains {
                $0.hasPrefix("A → B first seen at #\(acquireB.sequence): T1 ab asked for L1 B while holding L0 A")
            })
        #expect(
            violation.details.contains {
                $0.hasPrefix("B → A first seen at #\(acquireA.sequence): T2 ba asked for L0 A while holding L1 B")
            })
    }

    @Test("the two-column scenario puts each CPU's locks in its own column")
    func columns() throws {
        let violation = try #require(LockOrderChecker().check(Scenario.abba.replay(Schedule(switches: []))).first)
        let lines = violation.details
        let cpu1 = try #require(lines.first { $0.contains("CPU0") }?.firstRange(of: "CPU1")).lowerBound
        let header = try #require(lines.first { $0.contains("CPU0") })
        let column = header.distance(from: header.startIndex, to: cpu1)
        let locks = lines.filter { $0.contains("lock(") }
        #expect(locks.count == 4)
        let indents = locks.map { $0.prefix { $0 == " " }.count }
        #expect(indents[0] < column && indents[2] < column)
        #expect(indents[1] == column && indents[3] == column)
    }

    @Test("one lock, or locks always taken in one order, give no report")
    func noFalsePositive() {
        #expect(LockOrderChecker().check(Scenario.lockCounter.run(RandomStrategy(seed: 1))).isEmpty)
        let ordered = Scenario(name: "ordered", summary: "A then B everywhere") {
            let runtime = currentRuntime()
            let a = runtime.makeLock(named: "A")
            let b = runtime.makeLock(named: "B")
            let threads = (0..<2).map { _ in runtime.spawnThread(named: "ab") { a.withLock { b.withLock {} } } }
            for thread in threads { thread.join() }
        }
        #expect(LockOrderChecker().check(ordered.run(RandomStrategy(seed: 2))).isEmpty)
    }

    @Test("works on lock classes: two instances of one class nested are reported")
    func classes() throws {
        let nested = Scenario(name: "nested", summary: "two operation locks nested") {
            let runtime = currentRuntime()
            let first = runtime.makeLock(named: "op A", lockClass: "operation lock", recursive: true)
            let second = runtime.makeLock(named: "op B", lockClass: "operation lock", recursive: true)
            first.withLock { second.withLock {} }
        }
        let violation = try #require(LockOrderChecker().check(nested.run(RandomStrategy(seed: 0))).first)
        #expect(violation.summary == "possible recursive locking: two locks of class operation lock nested")
    }

    @Test("the explorer follows an inversion with a search that really deadlocks, and shows it")
    func confirmsDeadlock() throws {
        let report = Explorer(scenario: .abba, checkers: [LockOrderChecker()], strategy: .random(seed: 0), schedules: 10).explore()
        let finding = try #require(report.finding)
        #expect(finding.original.index == 0)
        let confirmation = try #require(finding.confirmation)
        let run = try #require(confirmation.run)
        #expect(run.outcome.isDeadlock)
        #expect(run.schedule.preemptions == 1)
        #expect(report.text.contains("deadlock search: exhaustive (preemption bound 2) found a deadlocking schedule"))
        #expect(report.text.contains("replay:    runloop-lab replay --scenario abba --schedule \"\(run.schedule)\""))
    }
}
