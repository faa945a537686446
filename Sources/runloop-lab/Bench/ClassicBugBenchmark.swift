import Inspector
import LabRuntime

/// `runloop-lab bench explore --suite`: every strategy against the classic-bug suite, and
/// the reduction partial-order reduction gives on every built-in scenario (the lab's, the
/// AFNetworking race files under their built-in names, and the classic bugs).
///
/// It prints its figures; it never asserts them.
enum ClassicBugBenchmark {
    /// The strategies compared, in column order.
    static let strategies: [(name: String, strategy: ExplorationStrategy)] = [
        ("random", .random(seed: 0)),
        ("PCT d=3", .pct(seed: 0, depth: 3, steps: nil)),
        ("POS", .pos(seed: 0)),
        ("preemption bounding", .exhaustive(preemptionBound: 10)),
        ("delay bounding", .delayBounded(delayBound: 10)),
        ("DPOR", .dpor),
    ]

    /// Runs the suite table, then the reduction table, printing both as Markdown.
    static func run(budget: Int, reductionBudget: Int, console: any Console) {
        console.printLine(
            "Classic-bug suite: schedules until the bug was found (budget \(budget) each; — not found; clean: the whole space ran without it)"
        )
        console.printLine("")
        console.printLine("| bug | kernel | " + strategies.map(\.name).joined(separator: " | ") + " |")
        console.printLine("|---|---|" + String(repeating: "---:|", count: strategies.count))
        var found = Array(repeating: 0, count: strategies.count)
        var seconds = Array(repeating: 0.0, count: strategies.count)
        for bug in ClassicBug.suite {
            var cells: [String] = []
            for (column, entry) in strategies.enumerated() {
                console.printError("\(bug.scenario.name): \(entry.name)…")
                var explorer = Explorer(scenario: bug.scenario, checkers: [bug.checker], strategy: entry.strategy, schedules: budget)
                explorer.shrinkBudget = 0
                let start = MonotonicClock.nanoseconds()
                let report = explorer.explore()
                seconds[column] += Double(MonotonicClock.nanoseconds() - start) / 1e9
                if report.finding != nil {
                    found[column] += 1
                    cells.append(String(report.explored))
                } else {
                    cells.append(report.complete ? "clean (\(report.explored))" : "—")
                }
            }
            console.printLine("| \(bug.expectation) | `\(bug.scenario.name)` | " + cells.joined(separator: " | ") + " |")
        }
        console.printLine("| **found** | | " + found.map { "**\($0) of \(ClassicBug.suite.count)**" }.joined(separator: " | ") + " |")
        console.printLine(
            "| wall time | | " + seconds.map { "\(ExploreCommand.format($0, decimals: 1)) s" }.joined(separator: " | ") + " |")
        console.printLine("")
        printReduction(budget: reductionBudget, console: console)
    }

    /// Schedules that cover each built-in scenario (``ScenarioCatalog/scenarios``) with DPOR and without any reduction
    /// (depth-first search of every schedule), no checker, so each search runs until its
    /// space or its budget is exhausted.
    private static func printReduction(budget: Int, console: any Console) {
        console.printLine(
            "DPOR reduction: schedules to cover each scenario, no checker (budget \(budget) each; ≥ N: stopped at the budget)")
        console.printLine("")
        console.printLine("| scenario | DPOR | without reduction | factor |")
        console.printLine("|---|---:|---:|---:|")
        for scenario in ScenarioCatalog.scenarios.scenarios {
            console.printError("reduction: \(scenario.name)…")
            let reduced = Explorer(scenario: scenario, checkers: [], strategy: .dpor, schedules: budget).explore()
            let full = Explorer(scenario: scenario, checkers: [], strategy: .exhaustive(preemptionBound: 1_000), schedules: budget)
                .explore()
            let factor =
                reduced.complete
                ? (full.complete ? "" : "≥ ") + ExploreCommand.format(Double(full.explored) / Double(reduced.explored), decimals: 1) + "×"
                : "?"
            console.printLine("| `\(scenario.name)` | \(count(reduced)) | \(count(full)) | \(factor) |")
        }
    }

    private static func count(_ report: ExplorationReport) -> String {
        report.complete ? String(report.explored) : "≥ \(report.explored)"
    }
}
