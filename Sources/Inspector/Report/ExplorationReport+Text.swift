import LabRuntime

extension ExplorationReport {
    /// The report as the `explore` command prints it without `--no-interleaving`: the
    /// violation, the seed, the schedule (and what it was shrunk from), the interleaving in
    /// per-thread columns, and the command that replays it. Deterministic, so it can be compared between runs.
    public var text: String { text(showingInterleavings: true) }

    /// The report, with the per-thread columns of each schedule only if
    /// `showingInterleavings` (`explore --no-interleaving` leaves them out), and the
    /// `runloop-lab replay` command of the registered scenario on each `replay:` line.
    public func text(showingInterleavings: Bool) -> String {
        text(showingInterleavings: showingInterleavings) { ReplayCommandLine.text(scenario: scenario, schedule: $0) }
    }

    /// The report, with `replayCommand(schedule)` on each `replay:` line: the way to run that
    /// schedule again, for a program that is not a registered scenario (a race test's closure).
    public func text(showingInterleavings: Bool, replayCommand: (Schedule) -> String) -> String {
        ShardReport(self, showingInterleavings: showingInterleavings, replayCommand: replayCommand).text
    }

    /// What the report prints after the line that announces `finding`: the violations, the
    /// seed, the schedule (and what it was shrunk from), the interleaving if
    /// `showingInterleavings`, the replay command, and a lock-order inversion's deadlock search.
    func findingLines(_ finding: Finding, showingInterleavings: Bool, replayCommand: (Schedule) -> String) -> [String] {
        var lines = [""]
        lines += Violation.lines(finding.violations, firstPrefix: "VIOLATION ", otherPrefix: "also      ")
        lines.append("")
        if let seed = finding.original.seed {
            lines.append("seed:      \(seed) (run #\(finding.original.index))")
        } else {
            lines.append(Self.boundedSeedLine(run: finding.original.index))
            lines.append("           deviations from round-robin ran clean: this is a cheapest one")
        }
        lines += Self.scheduleLines(finding.run, showingInterleaving: showingInterleavings, replayCommand: replayCommand)
        let original = finding.original.result
        if original.schedule != finding.run.schedule {
            lines.append("shrunk from \"\(original.schedule)\": \(Self.size(original)) (\(finding.shrinkReplays) replays)")
        }
        if finding.shrinkBudgetSpent {
            lines.append("           shrinking used all \(finding.shrinkReplays) of its replays, so a schedule with fewer")
            lines.append("           preemptions may exist: '--strategy exhaustive' finds one with the fewest")
        }
        if let confirmation = finding.confirmation {
            lines.append("")
            lines += Self.confirmationLines(confirmation, showingInterleaving: showingInterleavings, replayCommand: replayCommand)
        }
        if let adjacent = finding.adjacentRace, let race = finding.violations.lazy.compactMap(\.race).first,
            let (first, second) = AdjacentRaceSchedule.adjacentAccesses(race, in: adjacent)
        {
            lines.append("")
            lines.append("race adjacent: \(race.cell): #\(first.sequence) \(first.unnumberedText)")
            lines.append("               then #\(second.sequence) \(second.unnumberedText)")
            lines += Self.scheduleLines(adjacent, showingInterleaving: false, replayCommand: replayCommand)
        }
        return lines
    }

    /// The line that names a bounded search's violating run, `run`.
    static func boundedSeedLine(run: Int) -> String {
        "seed:      none: bounded search, run #\(run); every schedule with fewer"
    }

    /// The schedule, its size, the interleaving (if `showingInterleaving`) and the replay
    /// command of `run`.
    static func scheduleLines(_ run: SimulationResult, showingInterleaving: Bool, replayCommand: (Schedule) -> String) -> [String] {
        var lines = ["schedule:  \(run.schedule): \(size(run))"]
        if run.schedule.switches.isEmpty { lines.append("           " + noSwitchNote) }
        if showingInterleaving {
            lines.append("")
            lines.append("interleaving:")
            lines += InterleavingView().render(run.trace).map { "  " + $0 }
            lines.append("")
        }
        lines += replayCommand(run.schedule).split(separator: "\n").enumerated().map { index, line in
            (index == 0 ? "replay:    " : "           ") + line
        }
        return lines
    }

    /// What the schedule `-` is: not the run `check` makes or a search's first, but the one
    /// that never switches away from a thread that can go on.
    static let noSwitchNote =
        "\"-\" is the run with no switch: each thread runs until it blocks or ends, then the lowest-numbered thread that can run"

    /// `"1 preemption, 1 switch, 14 steps"`.
    static func size(_ run: SimulationResult) -> String {
        let preemptions = run.schedule.preemptions
        let switches = run.schedule.switches.count
        return "\(preemptions.counted("preemption")), \(switches.counted("switch", plural: "switches")), \(run.steps) steps"
    }

    private static func confirmationLines(
        _ confirmation: Finding.Confirmation, showingInterleaving: Bool,
        replayCommand: (Schedule) -> String
    ) -> [String] {
        guard let run = confirmation.run, let violation = confirmation.violation else {
            return [
                "deadlock search: no schedule deadlocks within \(confirmation.strategy) "
                    + "(\(confirmation.explored) schedules); the inversion stays a prediction"
            ]
        }
        var lines = ["deadlock search: \(confirmation.strategy) found a deadlocking schedule in \(confirmation.explored) schedules"]
        lines += violation.description.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines += scheduleLines(run, showingInterleaving: showingInterleaving, replayCommand: replayCommand)
        return lines
    }
}
