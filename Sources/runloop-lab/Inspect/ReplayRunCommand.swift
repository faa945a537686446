import Inspector
import LabRuntime

/// `runloop-lab replay`: replays a schedule of a scenario exactly and prints the outcome,
/// what the checkers say, and the trace.
enum ReplayRunCommand {
    /// The options `replay` accepts.
    static let specs = [
        OptionSpec(name: "--scenario", valueName: "NAME", help: "The scenario (see 'explore --list'), or a .lab file."),
        OptionSpec(name: "--schedule", valueName: "TEXT", help: "The schedule to replay, e.g. \"9:T2\" (\"-\": no switch)."),
        OptionSpec(name: "--checkers", valueName: "A,B", help: "The checkers to run (default: the scenario's)."),
        OptionSpec(name: "--no-interleaving", valueName: nil, help: "Leave the per-thread columns out, as explore does."),
    ]

    /// The help text of `replay`.
    static let usage = HelpText.render(
        synopsis: ["runloop-lab replay --scenario NAME|FILE --schedule \"STEP:T<thread> ...\" [--checkers A,B] [--no-interleaving]"],
        description: """
            Replays the schedule exactly, as 'explore' printed it, and prints the outcome,
            each violation the checkers find, the interleaving in one column per thread,
            and the full trace. NAME is a built-in scenario or a scenario file (a path
            containing '/' or ending in .lab). When the schedule cannot be followed (its
            thread cannot run at a step, or the run ends before a step it switches at), it
            prints 'replay-diverged' with where, and exits 1. A schedule followed exits 0
            whatever the run shows: a deadlock or a broken expect line is what it was asked
            to reproduce ('check' and 'explore' exit 1 for them).
            """,
        sections: [(title: "Options", rows: HelpText.optionRows(specs))]
    )

    /// The `replay` entry of ``CommandTable``.
    static let command = Command(
        name: "replay",
        summary: "Replay a schedule of a scenario exactly and print its trace.",
        usage: usage,
        options: specs
    ) { parsed, console throws(UsageError) in
        let scenario = try ScenarioCatalog.scenario(parsed)
        guard let schedule = try ScenarioCatalog.schedule(parsed) else {
            throw UsageError(message: "missing --schedule TEXT", usage: usage)
        }
        let checkers = try ScenarioCatalog.checkers(parsed, default: scenario.checkers)
        let report = ReplayReport(replaying: schedule, of: scenario, checkers: checkers)
        if let failure = systemCallFailure(of: report.run, command: "replay", console: console) { return failure }
        console.printLine(report.headline)
        if let failure = divergenceFailure(of: report, command: "replay", console: console) { return failure }
        report.verdictLines(showingInterleaving: !parsed.isSet("--no-interleaving")).forEach(console.printLine)
        console.printLine("")
        console.printLine("trace:")
        for event in report.run.trace { console.printLine(event.description) }
        return ExitCode.success
    }

    /// When `report`'s schedule could not be followed: prints `replay-diverged` with where,
    /// says on standard error that the schedule does not fit the scenario, and returns the
    /// failure status; `nil` when the run followed the schedule. `replay` and
    /// `trace --schedule` answer a schedule that does not fit the same way.
    static func divergenceFailure(of report: ReplayReport, command: String, console: any Console) -> Int32? {
        guard let divergence = report.divergence else { return nil }
        console.printLine(divergence)
        console.printError("runloop-lab \(command): the schedule does not fit scenario '\(report.scenario)'")
        return ExitCode.failure
    }

    /// When a failed system call ended `run` (no descriptor left, `EMFILE`): says so on
    /// standard error, naming the error and what to do, and returns
    /// ``ExitCode/systemError``; `nil` otherwise. The run says nothing about the scenario
    /// then, so `replay` and `trace` print none of it.
    static func systemCallFailure(of run: SimulationResult, command: String, console: any Console) -> Int32? {
        guard let failure = run.outcome.systemCallFailure else { return nil }
        console.printError("runloop-lab \(command): \(failure.explanation)")
        return ExitCode.systemError
    }
}
