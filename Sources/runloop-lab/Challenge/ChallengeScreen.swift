import LabRuntime

/// Draws one screen of the challenge: the level and its goal, where the learner is, the
/// events since the last choice, the threads panel (each runnable thread numbered, with
/// what it would do next), the operations panel, messages and the key help.
///
/// The screen is a function of the game and the messages, so the same picks draw the same
/// screen, byte for byte.
struct ChallengeScreen: Sendable {
    /// How to colour; plain when colours are off.
    let style: DemoStyle
    /// The widest line, in characters.
    let width: Int
    /// The language of the screen's own lines.
    let phrases: ChallengePhrases
    /// How many events before the current choice point the screen lists.
    static let recentEventCount = 6

    /// The screen for `game` of `level`, with `messages` above the key help.
    func lines(of game: ChallengeGame, level: ChallengeLevel, messages: [String]) -> [String] {
        var lines: [String] = []
        lines.append(style.bold(clip(phrases.heading(level))))
        lines.append(clip(phrases.goal(level)))
        if let decision = game.decision {
            lines.append(clip(phrases.position(choice: game.picks.count + 1, step: decision.step, schedule: game.schedule)))
        } else {
            lines.append(clip(phrases.ended(outcome: game.run.outcomeName, schedule: game.schedule)))
        }
        let shown = game.run.trace.prefix(game.position)
        lines += ["", style.bold(phrases.recentEvents)]
        if shown.isEmpty { lines.append("   " + phrases.nothingYet) }
        let recent = shown.filter { if case .schedule = $0.kind { false } else { true } }
        for event in recent.suffix(Self.recentEventCount) {
            let detail = event.kind.detail.isEmpty ? "" : " " + event.kind.detail
            lines.append(
                style.thread(event.thread, clip("   #\(event.sequence) T\(event.thread) \(event.threadName) \(event.name)" + detail)))
        }
        lines += ["", style.bold(phrases.threads)]
        lines.append(
            style.dim(
                clip("     \("thread".padded(to: 22)) \("mode".padded(to: 9)) \("state".padded(to: 24)) \("locks".padded(to: 8)) pending")))
        lines += threadRows(of: game, events: shown)
        let state = RunState(folding: shown)
        if !state.operations.isEmpty {
            lines += ["", style.bold(phrases.operations)]
            lines += OperationPanelRow.panel(state.operations, indent: "    ", width: width).map(clip)
        }
        lines.append("")
        let keys = game.decision == nil ? phrases.keyHelpAfterRun : phrases.keyHelp
        return lines + StepScreen(style: style, width: width).wrapped(messages) + [style.dim(clip(keys))]
    }

    /// One row per thread (runnable ones numbered, with their next operation), threads
    /// that have not made an event yet included.
    private func threadRows(of game: ChallengeGame, events: ArraySlice<TraceEvent>) -> [String] {
        var rows = RunState(folding: events).threads
        let runnable = game.decision?.enabled ?? []
        for thread in runnable where !rows.contains(where: { $0.id == thread }) {
            rows.append(ThreadPanelRow(id: thread, name: Self.spawnedName(thread, in: events) + " (new)"))
        }
        rows.sort { $0.id < $1.id }
        let names = NextOperationText(events: events)
        var lines: [String] = []
        for row in rows {
            let number = runnable.firstIndex(of: row.id).map { "[\($0 + 1)]" } ?? ""
            let current = row.id == game.decision?.current ? "▶" : " "
            lines.append(style.thread(row.id, clip((current + number).padded(to: 5) + row.text)))
            guard let decision = game.decision, runnable.contains(row.id) else { continue }
            let next = row.id == decision.current ? decision.label : names.text(decision.nextOperation(of: row.id))
            lines.append(clip("         " + phrases.next(next)))
        }
        return lines
    }

    /// The name `thread` was spawned with, from its `thread.spawn` event, or `?`.
    private static func spawnedName(_ thread: LabThreadID, in events: ArraySlice<TraceEvent>) -> String {
        for event in events {
            if case let .threadSpawn(child, name) = event.kind, child == thread { return name }
        }
        return "?"
    }

    private func clip(_ text: String) -> String {
        text.count <= width ? text : String(text.prefix(max(width - 1, 0))) + "…"
    }
}
