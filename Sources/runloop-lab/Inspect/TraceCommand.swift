import Inspector
import LabRuntime
import Walkthrough

/// `runloop-lab trace`: runs a scenario once (a seed or a schedule) and writes its trace
/// as text, Chrome trace JSON, a Mermaid diagram or an HTML timeline.
enum TraceCommand {
    /// The options `trace` accepts.
    static let specs = [
        OptionSpec(name: "--scenario", valueName: "NAME", help: "The scenario (see 'explore --list'), or a .lab file."),
        OptionSpec(name: "--seed", valueName: "N", help: "Run under random(N) (default: a file's strategy line, else 0)."),
        OptionSpec(name: "--schedule", valueName: "TEXT", help: "Replay this schedule instead of a seed."),
        OptionSpec(name: "--format", valueName: "F", help: "text, chrome, mermaid or html (default text)."),
        OptionSpec(name: "--output", valueName: "FILE", help: "Write to FILE instead of standard output."),
        OptionSpec(name: "--events", valueName: "A,B", help: "Text format: only the events with these names (e.g. completion)."),
    ]

    /// The help text of `trace`.
    static let usage = HelpText.render(
        synopsis: [
            "runloop-lab trace --scenario NAME|FILE [--seed N | --schedule TEXT] [--format text|chrome|mermaid|html] [--output FILE]",
            "                  [--events A,B]",
        ],
        description: """
            Runs the scenario once, under random(N) or replaying a schedule (with neither,
            a scenario file runs under its own 'strategy' line, the run 'check' and 'demo'
            make), and writes the trace: text (one event per line), chrome (trace-event
            JSON for Perfetto or chrome://tracing, timed by the virtual clock), mermaid (a
            sequence diagram) or html (a self-contained player: the swimlane timeline with
            step, back, a slider, the demo's threads and operations panels at each step,
            search and lane folding). --events keeps only the text lines of the events
            named.
            NAME is a built-in scenario or a scenario file (a path containing '/' or ending
            in .lab). When a --schedule cannot be followed, it prints 'replay-diverged'
            with where, as 'replay' does, writes no trace, and exits 1.
            """,
        sections: [(title: "Options", rows: HelpText.optionRows(specs))]
    )

    /// The `trace` entry of ``CommandTable``.
    static let command = Command(
        name: "trace",
        summary: "Write one run's trace as text, Chrome trace JSON, Mermaid or an HTML player.",
        usage: usage,
        options: specs
    ) { parsed, console throws(UsageError) in
        let name = try ScenarioCatalog.scenarioName(parsed)
        let file = try ScenarioCatalog.scenarioFile(named: name)
        let scenario: Inspector.Scenario
        if let file { scenario = file.explorable(named: name) } else { scenario = try ScenarioCatalog.scenario(parsed) }
        let format = try parsed.choice("--format", default: TraceFormat.text)
        let schedule = try ScenarioCatalog.schedule(parsed)
        if schedule != nil, parsed.isSet("--seed") {
            throw UsageError(message: "give --seed or --schedule, not both", usage: usage)
        }
        let seed = try parsed.seed()
        let events = try eventNames(parsed, format: format)
        let output = try parsed.outputPath("--output")
        let report = schedule.map { ReplayReport(replaying: $0, of: scenario, checkers: []) }
        // With neither a seed nor a schedule, a file runs under its own strategy line, as
        // check and demo run it; a search strategy (exhaustive, delay) runs no single run, so
        // random(0) stands in for it, as for a built-in scenario.
        let declared = schedule == nil && seed == nil ? file.flatMap { try? ScenarioRunner().run($0) } : nil
        let run = report?.run ?? declared?.result ?? scenario.run(RandomStrategy(seed: seed ?? 0))
        if let failure = ReplayRunCommand.systemCallFailure(of: run, command: "trace", console: console) { return failure }
        if let report, let failure = ReplayRunCommand.divergenceFailure(of: report, command: "trace", console: console) {
            return failure
        }
        let title = "\(scenario.name): " + (schedule.map { "schedule \($0)" } ?? declared?.strategy ?? "seed \(seed ?? 0)")
        let text =
            events.map { names in
                run.trace.filter { names.contains($0.name) }.map { $0.description + "\n" }.joined()
            }
            ?? format.render(
                run, title: title, extras: format == .html ? TracePlayer.extras(run, checkers: scenario.checkers) : PlayerExtras())
        guard let path = output else {
            for line in text.dropLast(text.hasSuffix("\n") ? 1 : 0).split(separator: "\n", omittingEmptySubsequences: false) {
                console.printLine(String(line))
            }
            return ExitCode.success
        }
        if let error = OutputFile.write(text, to: path) {
            console.printError("runloop-lab trace: \(error)")
            return ExitCode.failure
        }
        console.printError("wrote \(format.rawValue) trace of \(run.trace.count) events (\(run.outcome.summaryLine)) to \(path)")
        return ExitCode.success
    }

    /// The event names given to `--events a,b`, or `nil` when the option is absent.
    ///
    /// - Throws: ``UsageError`` for an empty name, a name no event has, or a format other
    ///   than text.
    private static func eventNames(_ parsed: ParsedOptions, format: TraceFormat) throws(UsageError) -> [String]? {
        guard let list = parsed.string("--events") else { return nil }
        guard format == .text else {
            throw UsageError(message: "--events filters the text format only", usage: usage)
        }
        let names = list.split(separator: ",", omittingEmptySubsequences: false).map { String($0).trimmingSpaces }
        for name in names where !TraceEventNames.all.contains(name) {
            let hint = Suggestion.didYouMean(name, in: TraceEventNames.all).map { " (\($0))" } ?? ""
            throw UsageError(message: "--events: unknown event name '\(name)'" + hint, usage: usage)
        }
        return names
    }
}
