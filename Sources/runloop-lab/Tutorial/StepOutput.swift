import Walkthrough

/// What the tutorial runner prints for one step, the text its ```` ```expected ```` block
/// must hold.
///
/// The output is deterministic: the run's outcome (for a deadlock, followed by its wait-for
/// graph, indented), then the trace events the step shows
/// (each trace line without its sequence number, so `0.005000 T3 worker timer.fire plain in
/// kCFRunLoopDefaultMode`), then any problems, then one `PASS`/`FAIL` line per `expect`, with
/// the scenario named `stepN.lab`.
enum StepOutput {
    /// Parses and runs step `index` (1-based) of a lesson and returns the lines it prints.
    ///
    /// A scenario that does not parse gives its diagnostics instead, so a broken lesson shows
    /// up as a mismatch with the line and caret of the error. Scenarios may use every checker
    /// of the Inspector in `expect checker` lines. A `command` step prints what
    /// ``CommandStep`` does.
    ///
    /// - Throws: ``SystemCallFailure`` when a failed system call (no descriptor left,
    ///   `EMFILE`) ended the run or the command: the output then says nothing about the
    ///   lesson, so it is neither compared nor written back.
    static func lines(for step: LessonStep, index: Int) throws(SystemCallFailure) -> [String] {
        if step.kind == .command { return try CommandStep.lines(for: step.scenario) }
        let fileName = "step\(index).lab"
        let run: ScenarioRun
        do {
            let scenario = try Walkthrough.Scenario.parse(source: step.scenario, fileName: fileName)
            run = try ScenarioRunner(checkers: InspectorScenarioChecker.all).run(scenario)
        } catch {
            return error.description.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        }
        if let failure = run.outcome.systemCallFailure { throw SystemCallFailure(message: failure.explanation) }
        var lines = ["outcome: \(run.outcomeName)"]
        if case .deadlock = run.outcome {
            lines += run.outcome.description.split(separator: "\n").dropFirst().map { "  \($0)" }
        }
        for event in run.trace where step.shownEvents.contains(event.name) {
            lines.append(event.unnumberedText)
        }
        lines += run.problems.map { $0.text(in: fileName) }
        lines += run.checks.flatMap { $0.description.split(separator: "\n").map(String.init) }
        return lines
    }

    /// A step whose run or command a failed system call ended, such as `eventfd` with no
    /// descriptor left (`EMFILE`).
    struct SystemCallFailure: Error {
        /// The error, named, with what to do about it.
        let message: String
    }
}
