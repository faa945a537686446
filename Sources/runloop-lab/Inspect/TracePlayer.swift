import Inspector
import LabRuntime

/// What `trace --format html` adds to the timeline to make it a player: the step-through
/// demo's threads and operations panels, folded by ``RunState`` exactly as the demo folds
/// them, at every position; the scenario's checkers' findings; the demo's sentence on how a
/// callback found its receiver; and the demo's code panel at every event.
enum TracePlayer {
    /// The player's extras for `run`, judged by `checkers`, with the code panel read from
    /// `sources`.
    static func extras(_ run: SimulationResult, checkers: [any Checker], sources: SourceTree = .located()) -> PlayerExtras {
        var threads = PlayerPanel(title: "Threads", columns: ["thread", "mode", "state", "locks", "pending"])
        var operations = PlayerPanel(
            title: "Operations",
            columns: ["operation", "state", "cancelled", "connection", "bytes", "error", "completion", "callbacks reached"])
        var state = RunState(folding: [TraceEvent]())
        func record() {
            var threadRows = state.threads.map { row in
                PlayerPanel.Row(key: "T\(row.id)", cells: [row.label, row.modeText, row.activityText, row.locksText, row.pendingText])
            }
            if !state.unclaimedSources.isEmpty {
                threadRows.append(
                    PlayerPanel.Row(
                        key: "signalled", cells: ["signalled, not yet handled", "", "", "", state.unclaimedSources.joined(separator: ", ")])
                )
            }
            threads.record(threadRows)
            operations.record(
                state.operations.map { row in
                    PlayerPanel.Row(
                        key: row.name,
                        cells: [
                            row.name, row.state, row.cancelledText, row.connectionText, String(row.bytes), row.error, row.completionName,
                            row.reachedText,
                        ])
                })
        }
        record()
        for event in run.trace {
            state.apply(event)
            record()
        }
        let findings = checkers.flatMap { $0.check(run) }.map(\.description)
        return PlayerExtras(
            panels: [threads, operations], findings: findings, explanation: { $0.routingExplanation },
            code: codeLines(run.trace, sources: sources))
    }

    /// The code panel's lines after each event of `trace`, as the demo's ``CodePanel`` draws
    /// them, each file read once.
    static func codeLines(_ trace: [TraceEvent], sources: SourceTree) -> [[String]] {
        let panel = CodePanel(sources: sources.caching())
        return trace.indices.map { index in panel.lines(in: trace, position: index + 1).map(\.text) }
    }
}
