import AFReplay
import Inspector
import LabRuntime
import Testing

@Suite("Data-race checker: happens-before over the lab's synchronisation")
struct DataRaceTests {
    static let seeds: [UInt64] = [0, 1, 2, 3, 4, 5]

    @Test("an unlocked write and read on two threads race, whatever the schedule", arguments: seeds)
    func racy(seed: UInt64) throws {
        let run = Simulation.run(seed: seed) {
            let runtime = currentRuntime()
            let cell = LabCell("flag", 0)
            let writer = runtime.spawnThread(named: "writer") { cell.store(1) }
            _ = cell.load()
            runtime.join(writer)
        }
        let violation = try #require(DataRaceChecker().check(run).first)
        #expect(violation.kind == .dataRace)
        #expect(violation.summary.hasPrefix("data race on V0 flag: "))
        #expect(violation.summary.contains("T1 writer store at #"))
        #expect(violation.summary.contains("T0 main load at #"))
        #expect(violation.details.count == 3)
    }

    @Test("the same accesses under one lock do not race", arguments: seeds)
    func locked(seed: UInt64) {
        let run = Simulation.run(seed: seed) {
            let runtime = currentRuntime()
            let lock = runtime.makeLock(named: "guard")
            let cell = LabCell("flag", 0)
            let writer = runtime.spawnThread(named: "writer") { lock.withLock { cell.store(1) } }
            _ = lock.withLock { cell.load() }
            runtime.join(writer)
        }
        #expect(DataRaceChecker().check(run).isEmpty)
    }

    @Test("a value handed over through a semaphore, a spawn or a join does not race", arguments: seeds)
    func messagePassing(seed: UInt64) {
        let run = Simulation.run(seed: seed) {
            let runtime = currentRuntime()
            let handOver = runtime.makeSemaphore(named: "ready", value: 0)
            let cell = LabCell("payload", 0)
            cell.store(1)
            let worker = runtime.spawnThread(named: "worker") {
                _ = cell.load()
                cell.store(2)
                handOver.signal()
            }
            handOver.wait()
            _ = cell.load()
            runtime.join(worker)
            cell.store(3)
        }
        #expect(DataRaceChecker().check(run).isEmpty)
    }

    @Test("a write after the hand-over races with the reader it was not handed to", arguments: seeds)
    func writeAfterSignal(seed: UInt64) throws {
        let run = Simulation.run(seed: seed) {
            let runtime = currentRuntime()
            let handOver = runtime.makeSemaphore(named: "ready", value: 0)
            let cell = LabCell("payload", 0)
            let worker = runtime.spawnThread(named: "worker") {
                handOver.signal()
                cell.store(2)
            }
            handOver.wait()
            _ = cell.load()
            runtime.join(worker)
        }
        let violation = try #require(DataRaceChecker().check(run).first)
        #expect(violation.summary.hasPrefix("data race on V0 payload: "))
    }

    @Test("atomics synchronise instead of racing", arguments: seeds)
    func atomics(seed: UInt64) {
        let run = Simulation.run(seed: seed) {
            let runtime = currentRuntime()
            let counter = LabAtomic("counter", 0)
            let workers = (0..<2).map { index in runtime.spawnThread(named: "worker \(index)") { counter.add(1) } }
            _ = counter.load()
            for worker in workers { runtime.join(worker) }
        }
        #expect(DataRaceChecker().check(run).isEmpty)
        #expect(run.trace.contains { $0.name == "cell.update" })
    }

    @Test("a cell access is a scheduling point that names the cell as the next operation")
    func nextOperation() {
        let recorder = DecisionRecorder()
        _ = Simulation(strategy: recorder).run {
            let cell = LabCell("flag", 0)
            let writer = currentRuntime().spawnThread(named: "writer") { cell.store(1) }
            _ = cell.load()
            currentRuntime().join(writer)
        }
        let operations = recorder.decisions.flatMap(\.nextOperations)
        #expect(operations.contains(VisibleOperation(.store, on: LabObjectID(.cell, 0))))
        #expect(operations.contains(VisibleOperation(.load, on: LabObjectID(.cell, 0))))
        #expect(VisibleOperation(.store, on: LabObjectID(.cell, 0)).isDependent(on: VisibleOperation(.load, on: LabObjectID(.cell, 0))))
        #expect(!VisibleOperation(.load, on: LabObjectID(.cell, 0)).isDependent(on: VisibleOperation(.load, on: LabObjectID(.cell, 0))))
        #expect(!VisibleOperation(.store, on: LabObjectID(.cell, 0)).isDependent(on: VisibleOperation(.store, on: LabObjectID(.cell, 1))))
        #expect(
            VisibleOperation(.lockAcquire, on: LabObjectID(.lock, 2)).isDependent(
                on: VisibleOperation(.lockRelease, on: LabObjectID(.lock, 2))))
        #expect(!VisibleOperation.yield.isDependent(on: VisibleOperation(.store, on: LabObjectID(.cell, 0))))
    }

    @Test("a race report carries a replayable schedule that runs the two accesses back to back")
    func adjacentSchedule() throws {
        let scenario = Scenario(name: "late-reader", summary: "a writer and a reader of one cell, far apart") {
            let runtime = currentRuntime()
            let flag = LabCell("flag", 0)
            let other = LabCell("other", 0)
            let writer = runtime.spawnThread(named: "writer") {
                flag.store(1)
                for value in 1...3 { other.store(value) }
            }
            for _ in 0..<3 { runtime.yield("busy") }
            _ = flag.load()
            runtime.join(writer)
        }
        let report = Explorer(scenario: scenario, checkers: [DataRaceChecker()], strategy: .random(seed: 0), schedules: 20).explore()
        let finding = try #require(report.finding)
        let race = try #require(finding.violations.first?.race)
        #expect(race.cell == "V0 flag")
        let adjacent = try #require(finding.adjacentRace)
        let replayed = scenario.run(ReplayStrategy(adjacent.schedule))
        #expect(replayed.traceText == adjacent.traceText)
        let accesses = adjacent.trace.filter { $0.name.hasPrefix("cell.") }
        let first = try #require(accesses.firstIndex { $0.thread == race.first.thread && $0.unnumberedText.contains("flag") })
        #expect(accesses[first + 1].thread == race.second.thread)
        #expect(accesses[first + 1].unnumberedText.contains("flag"))
        let text = report.text(showingInterleavings: false)
        #expect(text.contains("race adjacent: V0 flag: #"))
        #expect(text.contains("replay:    runloop-lab replay --scenario late-reader --schedule \"\(adjacent.schedule)\""))
    }

}

/// A strategy that keeps every decision it is shown and runs the newest thread.
private final class DecisionRecorder: SchedulingStrategy, @unchecked Sendable {
    // @unchecked: a simulation calls its strategy from one lab thread at a time, and the
    // test reads `decisions` only after the run.
    var decisions: [SchedulingDecision] = []

    func choose(_ decision: SchedulingDecision) -> LabThreadID {
        decisions.append(decision)
        return decision.enabled[decision.enabled.count - 1]
    }
}
