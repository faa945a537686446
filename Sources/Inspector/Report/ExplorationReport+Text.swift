import LabRuntime

extension ExplorationReport {
    /// The report as the `explore` command prints it without `--no-interleaving`: the
    /// violation, the seed, the schedule (and what it was shrunk from), the interleaving in
    /// per-thread columns, and the command that replays it. Deterministic, so it can be compared between runs.
    public var text: String { text(showingInterleavings: true) }

    /// The report, with the per-thread columns of each schedule only if
    /// `showingInterleavings` (`explore --no-interleaving` leaves them out).
    public func text(showingInterleavings: Bool) -> String {
        var lines = ["explore \(scenario): \(strategy); checkers: \(checkers.joined(separator: ", "))"]
        guard let finding else {
            let scope = complete ? " (complete: every schedule within the bound)" : stoppedByTime ? " (stopped by the time budget)" : ""
            lines.append("no violation in \(explored) schedules, \(steps) scheduling points\(scope)")
            return lines.joined(separator: "\n")
        }
        lines.append("violation in run #\(finding.original.index), after \(explored) schedules and \(steps) scheduling points")
        lines.append("")
        lines += finding.violations.enumerated().map { index, violation in
            (index == 0 ? "VIOLATION " : "also      ") + violation.description
        }.flatMap { $0.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
        lines.append("")
        if let seed = finding.original.seed {
            lines.append("seed:      \(seed) (run #\(finding.original.index))")
        } else {
            lines.append("seed:      none: bounded search, run #\(finding.original.index); every schedule with fewer")
            lines.append("           deviations from round-robin ran clean: this is a cheapest one")
        }
        lines += Self.scheduleLines(finding.run, scenario: scenario, showingInterleaving: showingInterleavings)
        let original = finding.original.result
        if original.schedule != finding.run.schedule {
            lines.append("shrunk from \"\(original.schedule)\": \(Self.size(original)) (\(finding.shrinkReplays) replays)")
        }
        if let confirmation = finding.confirmation {
            lines.append("")
            lines += Self.confirmationLines(confirmation, scenario: scenario, showingInterleaving: showingInterleavings)
        }
        return lines.joined(separator: "\n")
    }

    /// The schedule, its size, the interleaving (if `showingInterleaving`) and the replay
    /// command of `run`.
    static func scheduleLines(_ run: SimulationResult, scenario: String, showingInterleaving: Bool) -> [String] {
        var lines = ["schedule:  \(run.schedule): \(size(run))"]
        if showingInterleaving {
            lines.append("")
            lines.append("interleaving:")
            lines += InterleavingView().render(run.trace).map { "  " + $0 }
            lines.append("")
        }
        lines.append("replay:    " + ReplayCommandLine.text(scenario: scenario, schedule: run.schedule))
        return lines
    }

    /// `"1 preemption, 1 switch, 14 steps"`.
    static func size(_ run: SimulationResult) -> String {
        let preemptions = run.schedule.preemptions
        let switches = run.schedule.switches.count
        return "\(preemptions) preemption\(preemptions == 1 ? "" : "s"), \(switches) switch\(switches == 1 ? "" : "es"), \(run.steps) steps"
    }

    private static func confirmationLines(_ confirmation: Finding.Confirmation, scenario: String, showingInterleaving: Bool) -> [String] {
        guard let run = confirmation.run, let violation = confirmation.violation else {
            return ["deadlock search: no schedule deadlocks within \(confirmation.strategy) "
                + "(\(confirmation.explored) schedules); the inversion stays a prediction"]
        }
        var lines = ["deadlock search: \(confirmation.strategy) found a deadlocking schedule in \(confirmation.explored) schedules"]
        lines += violation.description.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines += scheduleLines(run, scenario: scenario, showingInterleaving: showingInterleaving)
        return lines
    }
}
