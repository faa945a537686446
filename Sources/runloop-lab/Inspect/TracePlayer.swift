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
        let findings = checkers.flatMap { $0.check(run) }.map(\.description)
        return PlayerExtras(
            panels: panels(run.trace), findings: findings, explanation: { $0.routingExplanation },
            code: codeLines(run.trace, sources: sources))
    }

    /// The threads and operations panels at every position of `trace`, from 0 (before any
    /// event) to its length.
    static func panels(_ trace: [TraceEvent]) -> [PlayerPanel] {
        record(panelRows(trace), at: Array(0...trace.count))
    }

    /// The panels' titles and columns, empty.
    private static var emptyPanels: [PlayerPanel] {
        [
            PlayerPanel(title: "Threads", columns: ["thread", "mode", "state", "locks", "pending"]),
            PlayerPanel(
                title: "Operations",
                columns: ["operation", "state", "cancelled", "connection", "bytes", "error", "completion", "callbacks reached"]),
        ]
    }

    /// The panels recorded at `positions` only, in order, from `rows` (``panelRows(_:)``):
    /// each records what changed since the one before.
    static func record(_ rows: [[[PlayerPanel.Row]]], at positions: [Int]) -> [PlayerPanel] {
        zip(emptyPanels, rows).map { empty, rowsOfPanel in
            var panel = empty
            for position in positions { panel.record(rowsOfPanel[position]) }
            return panel
        }
    }

    /// The rows of the threads and operations panels at every position of `trace`, folded by
    /// ``RunState`` as the demo folds them: one list of positions per panel.
    static func panelRows(_ trace: [TraceEvent]) -> [[[PlayerPanel.Row]]] {
        var threads: [[PlayerPanel.Row]] = []
        var operations: [[PlayerPanel.Row]] = []
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
            threads.append(threadRows)
            operations.append(
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
        for event in trace {
            state.apply(event)
            record()
        }
        return [threads, operations]
    }

    /// The code panel's lines after each event of `trace` (or those at `indices`), as the
    /// demo's ``CodePanel`` draws them, each file read once.
    static func codeLines(_ trace: [TraceEvent], sources: SourceTree, at indices: Range<Int>? = nil) -> [[String]] {
        let panel = CodePanel(sources: sources.caching())
        return (indices ?? trace.indices).map { index in panel.lines(in: trace, position: index + 1).map(\.text) }
    }
}
