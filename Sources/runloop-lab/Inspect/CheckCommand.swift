import Inspector
import LabRuntime
import Walkthrough

/// `runloop-lab check FILE...`: runs each scenario file and reports the `expect` lines that
/// failed, then one summary line counting the files that passed and failed.
enum CheckCommand {
    /// The options `check` accepts.
    static let specs = [
        OptionSpec(name: "--seed", valueName: "N", help: "Run every file under random seed N instead of its own strategy.")
    ]

    /// The help text of `check`.
    static let usage = HelpText.render(
        synopsis: ["runloop-lab check FILE... [--seed N]"],
        description: """
            Runs each scenario file once under its own strategy (or random seed N), or,
            for a file that declares 'strategy exhaustive' or 'strategy delay', searches
            every schedule within its bound for one that breaks an expect line. For each file it prints a line
            saying how many expect lines held, then every expect line that failed, with
            what it expected and what the run gave. The last line counts files:
            'N passed, N failed'; a file passes when it parses and every expect line held.
            Only expect lines are judged: 'runloop-lab explore --scenario FILE' also runs
            every checker (notification balance, cancelled-fails, lock order, …) over many
            schedules, so a file that passes here may still break a checker there. The
            report, parse errors included, goes to standard output.
            Exits 0 when every file passed, 1 otherwise.
            """,
        sections: [(title: "Options", rows: HelpText.optionRows(specs))]
    )

    /// The `check` entry of ``CommandTable``.
    static let command = Command(
        name: "check",
        summary: "Run scenario files and report every expect line that failed.",
        usage: usage
    ) { arguments, console throws(UsageError) in
        let (files, optionArguments) = OptionParser.splitPositionals(arguments, options: specs)
        let parsed = try OptionParser.parse(optionArguments, options: specs, usage: usage)
        if parsed.wantsHelp {
            console.printLine(usage)
            return ExitCode.success
        }
        guard !files.isEmpty else { throw UsageError(message: "missing FILE (a .lab scenario)", usage: usage) }
        let seed = try parsed.seed()
        var passed = 0
        for path in files {
            let result = check(path, seed: seed)
            if let failure = result.systemCallFailure {
                console.printError("runloop-lab check: \(path): \(failure)")
                return ExitCode.systemError
            }
            result.lines.forEach(console.printLine)
            passed += result.passed ? 1 : 0
        }
        console.printLine("\(passed) passed, \(files.count - passed) failed")
        return passed == files.count ? ExitCode.success : ExitCode.failure
    }

    /// Runs the file at `path` and returns what to print and whether it passed, or the
    /// failed system call that ended its run (no descriptor left, `EMFILE`).
    static func check(_ path: String, seed: UInt64?) -> (lines: [String], passed: Bool, systemCallFailure: String?) {
        let scenario: Walkthrough.Scenario
        switch ScenarioFile.load(path) {
        case let .success(loaded): scenario = loaded
        case let .failure(problem): return (["\(path): does not run", problem.message(command: "check")], false, nil)
        }
        if seed == nil {
            switch scenario.strategy {
            case let .exhaustive(bound):
                return search(scenario, path: path, strategy: .exhaustive(preemptionBound: bound), named: "exhaustive bound \(bound)")
            case let .delayBounded(bound):
                return search(scenario, path: path, strategy: .delayBounded(delayBound: bound), named: "delay bound \(bound)")
            default:
                break
            }
        }
        let run: ScenarioRun
        do {
            run = try ScenarioRunner().run(scenario, seed: seed)
        } catch {
            return (["\(path): does not run", error.description], false, nil)
        }
        if let failure = run.result.outcome.systemCallFailure { return ([], false, failure.explanation) }
        let failed = run.checks.filter { !$0.passed }
        let head =
            "\(path): \(run.checks.count - failed.count) of \(run.checks.count) expect lines held "
            + "(\(run.strategy), \(run.outcomeName) after \(run.result.steps) steps)"
        let details = run.problems.map { $0.text(in: scenario.fileName) } + failed.map(\.description)
        return ([head] + details.flatMap { $0.split(separator: "\n").map(String.init) }, failed.isEmpty, nil)
    }

    /// Searches every schedule of `scenario` within the bound of `strategy` (preemption or
    /// delay bounding, `named` as the report says it) for one that breaks an `expect` line,
    /// and reports the first, shrunk, with its replay command.
    private static func search(
        _ scenario: Walkthrough.Scenario, path: String, strategy: ExplorationStrategy, named name: String
    ) -> (lines: [String], passed: Bool, systemCallFailure: String?) {
        let explorable = scenario.explorable(named: path)
        let expectLines = explorable.checkers.filter { $0.name == ExpectationChecker().name }
        let report = Explorer(
            scenario: explorable, checkers: expectLines, strategy: strategy,
            schedules: 1_000_000
        ).explore()
        if let failure = report.systemCallFailure { return ([], false, failure) }
        let schedules = report.explored.counted("schedule")
        let searched = "\(name), \(schedules)\(report.complete ? "" : ", stopped early")"
        guard let finding = report.finding else {
            let held = scenario.expectationCount == 1 ? "the expect line" : "all \(scenario.expectationCount) expect lines"
            return (["\(path): \(held) held in every schedule (\(searched))"], true, nil)
        }
        var lines = [
            "\(path): \(finding.violations.count.counted("expect line")) failed in a schedule (\(searched))"
        ]
        lines += finding.violations.flatMap { violation in
            ["FAIL \(violation.summary)"] + violation.details.map { "     " + $0 }
        }
        lines.append("replay: " + ReplayCommandLine.text(scenario: path, schedule: finding.run.schedule))
        return (lines, false, nil)
    }
}
