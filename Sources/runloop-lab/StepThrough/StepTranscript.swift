/// The step-through as plain text, for `--auto` and for output that is not a terminal: every
/// step in order, each as the event and the panel rows it changed, then how the run ended.
///
/// It steps the same ``StepThrough`` model as the interactive screen, so it shows the same
/// steps; for a given seed the text is the same byte for byte.
struct StepTranscript: Sendable {
    /// How to colour; plain when colours are off.
    let style: DemoStyle
    /// The code panel to print under every step (`--code`), or nil.
    var code: CodePanel?

    /// Writes every step of `stepper` (part `part` of `parts`) to `emit`, one line at a time.
    ///
    /// The panels' state is folded once up to the stepper's position and then updated one
    /// event per step, so the transcript takes time linear in the trace's length.
    func write(_ stepper: StepThrough, part: Int, of parts: Int, to emit: (String) -> Void) {
        var stepper = stepper
        let partText = parts > 1 ? "part \(part) of \(parts): " : ""
        emit(style.bold("== \(partText)\(stepper.program.title) · \(stepper.recipe) · \(stepper.run.trace.count) events"))
        for line in stepper.program.introduction { emit(line.isEmpty ? "" : style.dim("   " + line)) }
        for line in Self.legend { emit(line.isEmpty ? "" : style.dim(line)) }
        var before = stepper.state
        while !stepper.isAtEnd {
            _ = stepper.step()
            guard let event = stepper.current else { continue }
            var after = before
            after.apply(event)
            let head =
                "event \(stepper.position) · #\(event.sequence) \(event.time) T\(event.thread) \(event.threadName) · \(event.demoCategory) · "
            emit(style.thread(event.thread, head) + event.name + (event.kind.detail.isEmpty ? "" : " " + event.kind.detail))
            if let explanation = event.routingExplanation { emit("    ↳ " + explanation) }
            for line in Self.changes(from: before, to: after) { emit(style.dim(line)) }
            for line in code?.lines(in: stepper.run.trace, position: stepper.position) ?? [] {
                emit("    " + (line.isCurrent ? style.highlight(line.text) : line.text))
            }
            before = after
        }
        emit(style.bold("== end of \(stepper.program.title): \(stepper.run.outcome) · schedule \"\(stepper.run.schedule)\""))
        for line in stepper.run.summary { emit("   " + line) }
        let rows = OperationPanelRow.finalRows(before.operations, declared: stepper.program.declaredOperations)
        for line in OperationPanelRow.panel(rows, indent: "   ") { emit(line) }
    }

    /// What the rows under a step are, with the headings of their columns, indented as the
    /// rows are.
    static let legend = [
        "",
        "   Under each step, the thread and operation rows it changed:",
        "    " + ThreadPanelRow.heading,
        "    " + OperationPanelRow.heading,
    ]

    /// The thread and operation rows that differ between two states, as `    T2 …` lines.
    static func changes(from before: RunState, to after: RunState) -> [String] {
        let threads = after.threads.filter { row in before.threads.first { $0.id == row.id } != row }
        let operations = after.operations.filter { row in before.operations.first { $0.name == row.name } != row }
        return threads.map { "    " + $0.text } + operations.map { "    " + $0.text }
    }
}
