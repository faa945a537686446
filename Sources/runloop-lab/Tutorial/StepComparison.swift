/// The runner's output for one step set against the step's expected block.
struct StepComparison: Sendable {
    /// What the runner printed for the step (see ``StepOutput``).
    let actual: [String]

    /// The step's expected block.
    let expected: [String]

    /// Runs step `index` (1-based) of a lesson and compares its output; throws when a failed
    /// system call ended the step (``StepOutput/lines(for:index:)``).
    init(step: LessonStep, index: Int) throws(StepOutput.SystemCallFailure) {
        self.init(step: step, actual: try StepOutput.lines(for: step, index: index))
    }

    /// Compares `actual`, what the step printed in an earlier run, with the step's expected block.
    init(step: LessonStep, actual: [String]) {
        self.actual = actual
        expected = step.expected
    }

    /// Whether the output is exactly the expected block.
    var matches: Bool { actual == expected }

    /// The diff from the expected block to the output, with a header naming the signs.
    var diff: [String] {
        ["--- expected (in the lesson)", "+++ actual (this run)"] + LineDiff.lines(expected: expected, actual: actual)
    }
}
