/// The interactive step-through: draws the screen of the current part, reads a key, acts on
/// the ``StepThrough`` model, and draws again, until `q`. The terminal is in raw mode
/// only inside ``run()``, and restored on every way out of it.
struct InteractiveDemo {
    /// The parts, in order; stepping past the end of one starts the next.
    let parts: [StepThrough]
    /// How to colour.
    let style: DemoStyle
    /// The code panel, shown until `v` hides it.
    let code: CodePanel

    /// How a session ended.
    typealias Ending = TerminalSessionEnding

    /// Runs the session until a key ends it.
    func run() -> Ending {
        guard RawTerminal.enter() else { return .noTerminal }
        defer { RawTerminal.restore() }
        var session = Session(parts: parts)
        while true {
            draw(session)
            let key = TerminalKey.read()
            if key == .quit { return .quit }
            if key == .interrupt { return .interrupted }
            if key == .continueToBreakpoint {
                let previous = session.breakpoint.map(\.description) ?? "the end"
                let prompt = "continue to (event kind, operation, T<n> or end; Enter: \(previous)): "
                guard let text = TerminalKey.readLine(echo: { TerminalOutput.write("\r\u{1B}[2K" + prompt + $0) }) else {
                    session.messages = ["continue cancelled"]
                    continue
                }
                session.continueTo(text)
            } else {
                session.handle(key)
            }
        }
    }

    private func draw(_ session: Session) {
        let size = TerminalOutput.size()
        let screen = StepScreen(style: style, width: size.columns, code: session.showsCode ? code : nil, height: size.rows)
        let lines = screen.lines(of: session.stepper, part: session.part + 1, of: parts.count, messages: session.messages)
        let messageLines = screen.wrapped(session.messages).count
        TerminalOutput.draw(Self.fit(lines, rows: size.rows, keepingLast: messageLines + 1))
    }

    /// `lines` cut to `rows`, dropping lines above the last `keepingLast` (the messages and
    /// the key help), which always stay.
    static func fit(_ lines: [String], rows: Int, keepingLast tail: Int) -> [String] {
        guard lines.count > rows else { return lines }
        let kept = min(tail, rows)
        return Array(lines.prefix(rows - kept)) + Array(lines.suffix(kept))
    }

    /// What the keys change: the part, its stepper, the breakpoint and the messages.
    struct Session {
        /// Every part, as it starts.
        let parts: [StepThrough]
        /// The part being stepped, from 0.
        var part = 0
        /// That part's stepper.
        var stepper: StepThrough
        /// The breakpoint `c` continues to when Enter is pressed at its prompt.
        var breakpoint: Breakpoint?
        /// What the last key did, shown above the key help.
        var messages: [String] = []
        /// Whether the code panel is shown (`v` toggles it).
        var showsCode = true

        /// A session at the start of the first part.
        init(parts: [StepThrough]) {
            self.parts = parts
            stepper = parts[0]
        }

        /// Acts on a key other than quit and continue.
        mutating func handle(_ key: TerminalKey) {
            switch key {
            case .step:
                if stepper.isAtEnd, part + 1 < parts.count {
                    part += 1
                    stepper = parts[part]
                    messages = ["part \(part + 1) of \(parts.count): \(stepper.program.title)"]
                    return
                }
                messages = stepper.step()
            case .next: messages = stepper.nextOnThread()
            case .back: messages = stepper.back()
            case .whatIf: messages = stepper.whatIf()?.lines ?? ["what-if: no scheduling choice is left in this run"]
            case .toggleCode:
                showsCode.toggle()
                messages = [showsCode ? "code panel shown (v hides it)" : "code panel hidden (v shows it)"]
                return
            default: messages = ["keys: " + StepScreen.keyHelp(thread: stepper.current?.thread)]
            }
            if stepper.isAtEnd { messages += endMessages }
        }

        /// Continues to what `text` names, to the end for `end`, or to the previous
        /// breakpoint (or the end) when it is empty.
        mutating func continueTo(_ text: String) {
            if text == "end" {
                breakpoint = nil
            } else if !text.isEmpty {
                guard let parsed = Breakpoint(parsing: text, in: stepper.run.trace) else {
                    messages = [
                        "no event kind, operation or thread is called '\(text)'",
                        "try an event kind (lock, perform, callback, loop.wait), an operation's name, or a thread (T2, or its name)",
                    ]
                    return
                }
                breakpoint = parsed
            }
            messages = stepper.continueTo(breakpoint)
            if stepper.isAtEnd { messages += endMessages }
        }

        private var endMessages: [String] {
            let run = stepper.run
            var lines = ["end of \(stepper.program.title): \(run.outcome) · schedule \"\(run.schedule)\""] + run.summary
            if part + 1 < parts.count { lines.append("press s for part \(part + 2): \(parts[part + 1].program.title)") }
            return lines
        }
    }
}
