import LabRuntime

/// What flipping one scheduling choice changed: where the two runs part, and how each ends.
struct WhatIfReport: Sendable {
    /// The index in both traces of the flipped `schedule` event.
    let flipIndex: Int
    /// The scheduling point's number, as a schedule's switches name it.
    let step: Int
    /// The scheduling point's label, e.g. `C0 read`.
    let point: String
    /// The thread the original run chose there.
    let originalChoice: LabThreadID
    /// The thread the what-if chose there.
    let alternativeChoice: LabThreadID
    /// The original run's first event about an operation or a connection that the what-if
    /// does not repeat (nil when it has no such event left).
    let originalOperationEvent: TraceEvent?
    /// The what-if's event in its place (nil when it has no such event left).
    let alternativeOperationEvent: TraceEvent?
    /// How the original run ended.
    let originalOutcome: String
    /// How the what-if ended.
    let alternativeOutcome: String
    /// The original run's state at its end.
    let originalEnd: RunState
    /// The what-if's state at its end.
    let alternativeEnd: RunState
    /// The what-if run's schedule, which replays it.
    let alternativeSchedule: Schedule

    /// The report as lines: the flip, the first differing operation event of each run, and
    /// both runs' outcomes and operations where they differ.
    var lines: [String] {
        var lines = [
            "what-if: at #\(flipIndex) (scheduling point \(step), \(point)) T\(alternativeChoice) runs instead of T\(originalChoice)"
        ]
        if originalOperationEvent == nil, alternativeOperationEvent == nil {
            lines.append("  the operations' events are the same in both runs")
        } else {
            lines.append("  operations diverge:  was  " + (originalOperationEvent.map(Self.text) ?? "(nothing)"))
            lines.append("                       now  " + (alternativeOperationEvent.map(Self.text) ?? "(nothing)"))
        }
        lines.append("  outcome: was \(originalOutcome), now \(alternativeOutcome)")
        lines.append("  what-if schedule \"\(alternativeSchedule)\"")
        let before = originalEnd.operations.map(\.text)
        let after = alternativeEnd.operations.map(\.text)
        if before == after {
            lines.append("  final operations: the same")
        } else {
            lines += before.map { "  was  " + $0 } + after.map { "  now  " + $0 }
        }
        return lines
    }

    /// `#212 T2 AFNetworking connection.callback C1 didFinishLoading → op small`.
    static func text(_ event: TraceEvent) -> String {
        "#\(event.sequence) T\(event.thread) \(event.threadName) \(event.name) \(event.kind.detail)"
    }

    /// Whether an event belongs to an operation's story: its state, cancel, connection,
    /// callbacks, notifications and completions.
    static func isOperationEvent(_ event: TraceEvent) -> Bool {
        ["operation.", "connection.", "notification.", "completion"].contains { event.name.hasPrefix($0) }
    }
}
