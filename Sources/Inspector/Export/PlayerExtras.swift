import LabRuntime

/// What the HTML player shows beyond the trace itself: the panels folded for every position,
/// the checkers' findings, and a line of explanation for some events. The caller provides
/// them because it owns the fold (the step-through demo's panels) and the checkers.
public struct PlayerExtras: Sendable {
    /// The panels, each recorded for every position from 0 (before any event) to the
    /// trace's length; panels recorded for another number of positions are left out.
    public var panels: [PlayerPanel]
    /// The checkers' findings, one line each, shown above the timeline.
    public var findings: [String]
    /// An explanation of an event (why a hop went where it did), or `nil`.
    public var explanation: @Sendable (TraceEvent) -> String?
    /// The code panel at every event, one entry per event of the trace: the panel's lines,
    /// its heading first, the marked source line starting `  ▶` (the step-through demo's
    /// code panel). Empty when the page has no code panel.
    public var code: [[String]]

    /// Extras with `panels`, `findings`, `explanation` and `code`; by default none.
    public init(
        panels: [PlayerPanel] = [], findings: [String] = [], explanation: @escaping @Sendable (TraceEvent) -> String? = { _ in nil },
        code: [[String]] = []
    ) {
        self.panels = panels
        self.findings = findings
        self.explanation = explanation
        self.code = code
    }

    /// The sequence numbers of the events where something went wrong, ascending: failed
    /// expectations, the lock waits of threads that never got the lock (the deadlock's
    /// edges), and every event a finding names (checkers name events `#N`).
    func marks(in trace: [TraceEvent]) -> [Int] {
        let named = Set(findings.flatMap(Self.eventReferences(in:)))
        var acquiredLater: Set<String> = []
        var marks: [Int] = []
        for event in trace.reversed() {
            switch event.kind {
            case let .lockAcquire(lock, _, _):
                acquiredLater.insert("T\(event.thread) \(lock)")
            case let .lockWait(lock, _, _) where !acquiredLater.contains("T\(event.thread) \(lock)"):
                marks.append(event.sequence)
                continue
            case let .note(text) where text.hasPrefix(ScenarioExpectation.failurePrefix):
                marks.append(event.sequence)
                continue
            default:
                break
            }
            if named.contains(event.sequence) { marks.append(event.sequence) }
        }
        return marks.reversed()
    }

    /// The numbers of the events `text` names as `#N`, in order.
    static func eventReferences(in text: String) -> [Int] {
        var references: [Int] = []
        var rest = Substring(text)
        while let hash = rest.firstIndex(of: "#") {
            let digits = rest[rest.index(after: hash)...].prefix { $0.isASCII && $0.isNumber }
            if let number = Int(digits) { references.append(number) }
            rest = rest[rest.index(after: hash)...]
        }
        return references
    }
}
