import LabRuntime
import Synchronization

/// Depth-first search of every schedule with at most `bound` preemptions, with CHESS's
/// iterative bounding: every schedule with 0 preemptions runs before any with 1, and so
/// on, so the first violation found has as few preemptions as any violation can. Within
/// one preemption count, schedules with fewer switches run first, so the first violation
/// found is also one of the fewest switches: the simplest.
///
/// A schedule is a path in the tree of choice points: a prefix of choices, then defaults.
/// Each run follows its prefix with ``PrefixStrategy`` and logs the choice points it met;
/// every other runnable thread at a choice point past the prefix is a child to run later,
/// costing one switch, and one preemption if it takes the processor from a thread that
/// could go on. A child always costs more than its parent, so running the cheapest pending
/// schedules first (depth-first among equals) visits every schedule within the bound once,
/// in order of cost. Runs are made in batches of a fixed size, spread over the jobs, and a
/// batch's runs are numbered in stack order, so the search and its report do not depend on
/// the number of jobs.
struct ExhaustiveSearch: Sendable {
    let scenario: Scenario
    let checkers: [any Checker]
    let bound: Int
    let limit: Int
    let jobs: Int
    let deadline: ContinuousClock.Instant?

    /// The runs made at once; fixed, so that the order of runs does not depend on `jobs`.
    static let batchSize = 64

    /// What a schedule costs: preemptions first, then switches.
    private struct Cost: Comparable, Sendable {
        let preemptions: Int
        let switches: Int

        static func < (a: Cost, b: Cost) -> Bool {
            (a.preemptions, a.switches) < (b.preemptions, b.switches)
        }
    }

    /// A schedule still to run: the choices to make first, and what they cost.
    private struct Item: Sendable {
        let prefix: [LabThreadID]
        let cost: Cost
    }

    func run() -> SearchOutcome {
        var pending: [(cost: Cost, stack: [Item])] = [(Cost(preemptions: 0, switches: 0), [Item(prefix: [], cost: Cost(preemptions: 0, switches: 0))])]
        var outcome = SearchOutcome(finding: nil, explored: 0, steps: 0, complete: false, stoppedByTime: false)
        while let level = pending.indices.min(by: { pending[$0].cost < pending[$1].cost }) {
            if outcome.explored >= limit { return outcome }
            if let deadline, ContinuousClock.now >= deadline {
                outcome.stoppedByTime = true
                return outcome
            }
            let size = min(Self.batchSize, pending[level].stack.count, limit - outcome.explored)
            let batch = Array(pending[level].stack.suffix(size).reversed())
            pending[level].stack.removeLast(size)
            if pending[level].stack.isEmpty { pending.remove(at: level) }
            let runs = runBatch(batch, firstIndex: outcome.explored)
            for run in runs {
                outcome.explored += 1
                outcome.steps += run.run.result.steps
                if !run.run.violations.isEmpty {
                    outcome.finding = run.run
                    return outcome
                }
            }
            for (item, run) in zip(batch, runs).reversed() {
                for child in children(of: item, log: run.log).reversed() {
                    if let index = pending.firstIndex(where: { $0.cost == child.cost }) {
                        pending[index].stack.append(child)
                    } else {
                        pending.append((child.cost, [child]))
                    }
                }
            }
        }
        outcome.complete = true
        return outcome
    }

    /// Every schedule that branches off `item`'s run after its prefix, within the bound, in
    /// depth-first order (earliest branch point first, lower thread first).
    private func children(of item: Item, log: [ChoicePoint]) -> [Item] {
        var children: [Item] = []
        let taken = log.map(\.chosen)
        for position in item.prefix.count..<log.count {
            let point = log[position]
            for thread in point.enabled where thread != point.chosen {
                let preemptions = item.cost.preemptions + (point.preempts(choosing: thread) ? 1 : 0)
                guard preemptions <= bound else { continue }
                children.append(Item(prefix: Array(taken[..<position]) + [thread],
                                     cost: Cost(preemptions: preemptions, switches: item.cost.switches + 1)))
            }
        }
        return children
    }

    /// Runs `batch` over the jobs; the result is in batch order.
    private func runBatch(_ batch: [Item], firstIndex: Int) -> [(run: ExploredRun, log: [ChoicePoint])] {
        let results = Mutex<[(run: ExploredRun, log: [ChoicePoint])?]>(Array(repeating: nil, count: batch.count))
        let next = Atomic<Int>(0)
        ParallelWorkers.run(jobs: min(jobs, batch.count)) { _ in
            while true {
                let slot = next.add(1, ordering: .relaxed).oldValue
                guard slot < batch.count else { return }
                let log = PrefixStrategy.Log()
                var run = scenario.explore(PrefixStrategy(prefix: batch[slot].prefix, log: log), index: firstIndex + slot,
                                           seed: nil, checkers: checkers)
                if case .replayDiverged = run.result.outcome { run = run.diverged() }
                results.withLock { $0[slot] = (run, log.choicePoints) }
            }
        }
        return results.withLock { $0 }.map { $0! }
    }
}
