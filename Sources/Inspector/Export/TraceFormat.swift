import LabRuntime

/// The formats a trace can be written in: `trace --format`.
public enum TraceFormat: String, CaseIterable, Sendable {
    /// One `TraceEvent` description per line.
    case text
    /// Chrome trace-event JSON, for Perfetto.
    case chrome
    /// A Mermaid sequence diagram.
    case mermaid
    /// A self-contained HTML player of the swimlane timeline.
    case html

    /// `run`'s trace in this format, titled `title`; the HTML player also shows `extras`.
    public func render(_ run: SimulationResult, title: String, extras: PlayerExtras = PlayerExtras()) -> String {
        switch self {
        case .text: run.traceText + "\n"
        case .chrome: ChromeTraceExporter.json(run.trace, title: title)
        case .mermaid: MermaidExporter.diagram(run.trace)
        case .html:
            HTMLTimelineExporter.html(
                run.trace, title: title,
                subtitle: "outcome: \(run.outcome)\nschedule: \(run.schedule)  (\(run.steps) steps)", extras: extras)
        }
    }
}
