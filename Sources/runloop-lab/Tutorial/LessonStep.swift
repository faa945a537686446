/// One step of a lesson: the prose before it, a ```` ```lab ```` scenario, and the
/// ```` ```expected ```` block holding what the runner must print for it.
struct LessonStep: Equatable, Sendable {
    /// The Markdown prose between the previous step (or the title) and this scenario.
    let prose: String

    /// The scenario, in the scenario language of `Tutorials/LANGUAGE.md`.
    let scenario: String

    /// The trace event names given after `show` on the fence line, such as `timer.fire`;
    /// the output lists the trace events with these names.
    let shownEvents: [String]

    /// The lines of the expected block, exactly as written.
    let expected: [String]

    /// The line of the lesson file where the scenario's fence opens, for messages.
    let line: Int
}
