import Testing

extension Lab {
    /// Replays one schedule of `program` exactly, as an exploration reported it, and fails
    /// the current test when the checkers find a violation in the run or when the schedule
    /// does not fit the program (the program changed since the schedule was found).
    ///
    /// This turns a found race into a regression test: while the bug is there, wrap the call
    /// in `withKnownIssue`; once it is fixed, explore the fixed program instead, because a
    /// fix usually moves the scheduling points a schedule names.
    ///
    /// - Parameters:
    ///   - schedule: the schedule string from the report's `schedule:` line, e.g. `"4:T2"`.
    ///   - checkers: the checkers the run is judged by (as for `explore`).
    ///   - stepLimit: the scheduling points after which the run counts as a livelock.
    ///   - timeLimit: the virtual time after which the run stops.
    ///   - sourceLocation: where a violation is reported; the caller's line unless given.
    ///   - program: the lab program that was explored.
    /// - Returns: the replay's report: the run, with its trace, and the violations.
    /// - Throws: ``LabError`` when `schedule` does not parse or an option is out of range.
    @discardableResult
    public static func replay(
        schedule: String, checkers: [any Checker]? = nil, stepLimit: Int = 100_000, timeLimit: Duration? = nil,
        sourceLocation: SourceLocation = #_sourceLocation, _ program: @escaping @Sendable () -> Void
    ) throws(LabError) -> ReplayReport {
        let scenario = try scenario(stepLimit: stepLimit, timeLimit: timeLimit, program)
        return try replay(scenario, schedule: schedule, checkers: checkers, sourceLocation: sourceLocation)
    }

    /// Replays `schedule` of `scenario` and records a divergence or a violation as an issue
    /// at `sourceLocation`.
    @discardableResult
    static func replay(
        _ scenario: Scenario, schedule: String, checkers: [any Checker]?,
        sourceLocation: SourceLocation
    ) throws(LabError) -> ReplayReport {
        let parsed: Schedule
        do {
            parsed = try Schedule(parsing: schedule)
        } catch {
            throw LabError("schedule \"\(schedule)\": \(error.description)")
        }
        let report = ReplayReport(replaying: parsed, of: scenario, checkers: checkers)
        if report.diverged {
            Issue.record(
                Comment(rawValue: report.text + "\nthe schedule does not fit the program: it changed since the schedule was found"),
                sourceLocation: sourceLocation)
        } else if !report.violations.isEmpty {
            Issue.record(Comment(rawValue: report.text), sourceLocation: sourceLocation)
        } else {
            print(report.headline)
        }
        return report
    }
}
