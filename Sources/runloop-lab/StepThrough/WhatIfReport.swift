import LabRuntime

/// What flipping one scheduling choice changed: where the two runs part, and how each ends.
struct WhatIfReport: Sendable {
    /// The index in both traces of the flipped `schedule` event.
    let flipIndex: Int
    /// The scheduling point's number and label.
    let step: Int
    let point: String
    /// The thread the original run chose there, and the one the what-if chose.
    let originalChoice: LabThreadID
    let alternativeChoice: LabThreadID
    /// The first event about an operation or a connection that differs, in each run (nil
    /// where that run has no such event left).
    let originalOperationEvent: TraceEvent?
    let alternativeOperationEvent: TraceEvent?
    /// Each run's outcome, event count and final operations.
    let originalOutcome: String
    let alternativeOutcome: String
    let originalEnd: RunState
    let alternativeEnd: RunState
    /// The what-if run's schedule, which replays it.
    let alternativeSchedule: Schedule

    /// The report as lines: the flip, the first differing operation event of each run, and
    /// both runs' outcomes and operations where they differ.
    var lines: [String] {
        var lines = ["what-if: at #\(flipIndex) (step \(step), \(point)) T\(alternativeChoice) runs instead of T\(originalChoice)"]
        if originalOperationEvent == nil, alternativeOperationEvent == nil {
            lines.append("  the operations' events are the same in both runs")
        } else {
            lines.append("  operations diverge:  was  " + (originalOperationEvent.map(Self.text) ?? "(nothing)"))
            lines.append("                       now  " + (alternativeOperationEvent.map(Self.text) ?? "(nothing)"))
        }
        lines.append("  outcome: was \(originalOutcome), now \(alternativeOutcome); what-if schedule \"\(alternativeSchedule)\"")
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
