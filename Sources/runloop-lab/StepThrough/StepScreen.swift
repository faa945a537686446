import LabRuntime

/// Draws one screen of the step-through: a header, the current event, the threads and
/// operations panels, the code panel, messages and the key help, as lines of at most `width`
/// characters and, when the code panel would not fit, `height` lines.
///
/// The screen is a function of the ``StepThrough``'s run and position (and the messages),
/// so going back to a position draws the same screen, byte for byte.
struct StepScreen: Sendable {
    /// How to colour; plain when colours are off.
    let style: DemoStyle
    /// The widest line, in characters.
    let width: Int
    /// The code panel, or nil to leave it out.
    var code: CodePanel?
    /// The screen's height in lines: the code panel folds to one line (or goes) when the
    /// whole of it would not fit, or when ``width`` is below ``CodePanel/minimumWidth``.
    var height = Int.max

    /// The screen for `stepper`, which is part `part` (from 1) of `parts`, with `messages`
    /// (what the last key did) above the key help.
    func lines(of stepper: StepThrough, part: Int, of parts: Int, messages: [String]) -> [String] {
        var lines: [(text: String, paint: (String) -> String)] = []
        func add(_ text: String, _ paint: @escaping (String) -> String = { $0 }) { lines.append((text, paint)) }
        let partText = parts > 1 ? " (part \(part) of \(parts))" : ""
        add("RunLoop Lab step-through · \(stepper.program.title)\(partText) · \(stepper.recipe)", style.bold)
        let time = stepper.current.map { "\($0.time)" } ?? "0.000000"
        add("event \(stepper.position) of \(stepper.run.trace.count) · time \(time) s · outcome at the end: \(stepper.run.outcome)")
        add("")
        if let event = stepper.current {
            add("▶ #\(event.sequence) T\(event.thread) \(event.threadName) · \(event.demoCategory)") { [style] in
                style.thread(event.thread, $0)
            }
            add("  \(event.name) \(event.kind.detail)", style.bold)
            if let explanation = event.routingExplanation { add("  " + explanation) }
        } else {
            for line in stepper.program.introduction { add(line.isEmpty ? "" : "  " + line, style.dim) }
            add("  " + Self.firstScreenHint)
        }
        let state = stepper.state
        add("")
        add("Threads", style.bold)
        add("   " + ThreadPanelRow.heading, style.dim)
        for row in state.threads {
            if row.id == stepper.current?.thread {
                add("▶  " + row.text) { [style] in style.thread(row.id, $0) }
            } else {
                add("   " + row.text)
            }
        }
        if !state.unclaimedSources.isEmpty { add("   signalled, not yet handled: " + state.unclaimedSources.joined(separator: ", ")) }
        add("")
        add("Operations", style.bold)
        let rows =
            stepper.isAtEnd ? OperationPanelRow.finalRows(state.operations, declared: stepper.program.declaredOperations) : state.operations
        let panel = OperationPanelRow.panel(rows, indent: "   ", width: width)
        add(panel[0], style.dim)
        if rows.isEmpty { add("   (none yet)") }
        for line in panel.dropFirst() { add(line) }
        add("")
        var panels = lines.map { $0.paint(clip($0.text)) }
        let messageLines = wrapped(messages)
        let room = height - panels.count - messageLines.count - 1
        panels += codeLines(of: stepper, room: room)
        return panels + messageLines + [style.dim(clip(Self.keyHelp(thread: stepper.current?.thread)))]
    }

    /// The code panel and a blank line after it, if `room` lines hold it and the screen is
    /// wide enough; else its folded line, if there is room for one; else nothing.
    private func codeLines(of stepper: StepThrough, room: Int) -> [String] {
        guard let code, room >= 1 else { return [] }
        let full = code.lines(in: stepper.run.trace, position: stepper.position)
        let shown: [CodePanel.Line]
        if width >= CodePanel.minimumWidth, full.count + 1 <= room {
            shown = full
        } else {
            shown = code.foldedLine(in: stepper.run.trace, position: stepper.position).map { [$0] } ?? []
        }
        let painted = shown.map { line in
            line.isHeading ? style.bold(clip(line.text)) : line.isCurrent ? style.highlight(clip(line.text)) : clip(line.text)
        }
        return painted.isEmpty || painted.count + 1 > room ? painted : painted + [""]
    }

    /// What the first screen says about getting to the callbacks quickly.
    static let firstScreenHint = "To jump to the connection's callbacks: press c, type connection.callback, Enter."

    /// `messages` wrapped at the screen's width rather than cut, so that a schedule in them
    /// can be copied whole.
    func wrapped(_ messages: [String]) -> [String] {
        messages.flatMap { message -> [String] in
            guard width > 0, message.count > width else { return [message] }
            var rest = Substring(message)
            var lines: [String] = []
            while !rest.isEmpty {
                lines.append(String(rest.prefix(width)))
                rest = rest.dropFirst(width)
            }
            return lines
        }
    }

    /// The one-line key help.
    static func keyHelp(thread: LabThreadID?) -> String {
        let next = thread.map { "n next on T\($0)" } ?? "n next on this thread"
        return "s/space step · \(next) · c continue to … · b back · w what-if · v code · q quit"
    }

    private func clip(_ text: String) -> String {
        text.count <= width ? text : String(text.prefix(max(width - 1, 0))) + "…"
    }
}
