import LabRuntime

/// The stepping model of `runloop-lab demo`: one recorded run of a ``DemoProgram`` and how
/// many of its events have been shown, with step, next-on-thread, continue-to-breakpoint,
/// back (time travel by deterministic replay) and what-if (one scheduling choice flipped).
///
/// Everything the screen shows is folded from the first ``position`` events of ``run``, so
/// the same position of the same run shows the same screen, byte for byte. Each action
/// returns the lines (often none) the screen shows as its messages.
struct StepThrough: Sendable {
    /// The program being stepped.
    let program: any DemoProgram
    /// How the strategy of ``run`` is made; a what-if adds a flipped choice to it.
    private(set) var recipe: StrategyRecipe
    /// The run being stepped.
    private(set) var run: ProgramRun
    /// How many events have been shown: 0 before the first, `run.trace.count` at the end.
    private(set) var position = 0

    /// Runs `program` under `recipe`, positioned before its first event.
    init(program: any DemoProgram, recipe: StrategyRecipe) {
        self.program = program
        self.recipe = recipe
        run = program.run(using: recipe.make())
    }

    /// The event shown last, if any.
    var current: TraceEvent? { position > 0 ? run.trace[position - 1] : nil }

    /// Whether every event has been shown.
    var isAtEnd: Bool { position == run.trace.count }

    /// The panels' state after the events shown so far.
    var state: RunState { RunState(folding: run.trace.prefix(position)) }

    /// Shows the next event.
    mutating func step() -> [String] {
        guard !isAtEnd else { return ["the run is over: \(run.outcome)"] }
        position += 1
        return []
    }

    /// Shows the next event of the current event's thread (the first thread's, before any
    /// event).
    mutating func nextOnThread() -> [String] {
        let thread = current?.thread ?? run.trace.first?.thread ?? 0
        return advance(to: { $0.thread == thread }, describing: "T\(thread)")
    }

    /// Shows events up to and including the next one `breakpoint` matches, or to the end.
    mutating func continueTo(_ breakpoint: Breakpoint?) -> [String] {
        guard let breakpoint else {
            position = run.trace.count
            return ["continued to the end: \(run.outcome)"]
        }
        return advance(to: breakpoint.matches, describing: breakpoint.description)
    }

    private mutating func advance(to matches: (TraceEvent) -> Bool, describing what: String) -> [String] {
        guard let index = run.trace[position...].firstIndex(where: matches) else {
            position = run.trace.count
            return ["no later event matches \(what): continued to the end (\(run.outcome))"]
        }
        position = index + 1
        return []
    }

    /// Goes back one event by time travel: runs the program again from scratch under the
    /// same recipe, checks that it repeats every event shown so far, and stops one event
    /// earlier. Nothing changes if the replay differs (it never should).
    mutating func back() -> [String] {
        guard position > 0 else { return ["already at the start"] }
        let replay = program.run(using: recipe.make())
        guard replay.trace.prefix(position) == run.trace.prefix(position) else {
            return ["back: the replay of \(recipe) did not repeat the events shown; staying here"]
        }
        run = replay
        position -= 1
        return ["back: replayed \(recipe) from the start; its first \(position + 1) events are identical; stopped at event \(position)"]
    }

    /// Flips the scheduling choice at the current event (or the next `schedule` event):
    /// runs the program again with the next runnable thread chosen there and the same
    /// strategy afterwards, reports where the two runs part, and goes on stepping the
    /// what-if run at the flipped choice. Asked again there, it picks the next thread in
    /// turn. Nil when no choice is left.
    mutating func whatIf() -> WhatIfReport? {
        let from = max(position - 1, 0)
        guard let index = run.trace[from...].firstIndex(where: { if case .schedule = $0.kind { true } else { false } }),
            case let .schedule(chosen, enabled, point, step) = run.trace[index].kind,
            let place = enabled.firstIndex(of: chosen)
        else { return nil }
        let alternative = enabled[(place + 1) % enabled.count]
        var base = recipe
        if case let .flipped(earlier, flippedStep, _) = recipe, flippedStep == step { base = earlier }
        let flipped = StrategyRecipe.flipped(base: base, step: step, thread: alternative)
        let other = program.run(using: flipped.make())
        let ours = run.trace.filter(WhatIfReport.isOperationEvent)
        let theirs = other.trace.filter(WhatIfReport.isOperationEvent)
        let split = Self.firstDifference(ours, theirs)
        let report = WhatIfReport(
            flipIndex: index, step: step, point: point.description, originalChoice: chosen, alternativeChoice: alternative,
            originalOperationEvent: split.flatMap { $0 < ours.count ? ours[$0] : nil },
            alternativeOperationEvent: split.flatMap { $0 < theirs.count ? theirs[$0] : nil },
            originalOutcome: run.outcome, alternativeOutcome: other.outcome,
            originalEnd: RunState(folding: run.trace), alternativeEnd: RunState(folding: other.trace),
            alternativeSchedule: other.schedule)
        recipe = flipped
        run = other
        position = min(index + 1, other.trace.count)
        return report
    }

    /// The first index where `left` and `right` differ in thread, event and detail (times
    /// and sequence numbers aside), or where one ends before the other; nil if they match.
    static func firstDifference(_ left: [TraceEvent], _ right: [TraceEvent]) -> Int? {
        for index in 0..<min(left.count, right.count) {
            let (a, b) = (left[index], right[index])
            if a.thread != b.thread || a.threadName != b.threadName || a.kind != b.kind { return index }
        }
        return left.count == right.count ? nil : min(left.count, right.count)
    }
}
