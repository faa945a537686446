/// One step of a lesson: the prose before it, a ```` ```lab ```` scenario or a
/// ```` ```command ```` line, and the ```` ```expected ```` block holding what the runner
/// must print for it.
struct LessonStep: Equatable, Sendable {
    /// What the step runs.
    enum Kind: Equatable, Sendable {
        /// A scenario, in the scenario language of `Tutorials/LANGUAGE.md`.
        case scenario
        /// One `runloop-lab explore|replay|trace …` command line (see ``CommandStep``).
        case command
    }

    /// The Markdown prose between the previous step (or the title) and this step's block.
    let prose: String

    /// Whether the block is a scenario or a command line.
    let kind: Kind

    /// The block's text: the scenario, or the command line.
    let scenario: String

    /// The trace event names given after `show` on a `lab` fence line, such as
    /// `timer.fire`; the output lists the trace events with these names.
    let shownEvents: [String]

    /// The lines of the expected block, exactly as written.
    let expected: [String]

    /// The line of the lesson file where the step's fence opens, for messages.
    let line: Int
}
