import LabRuntime

/// The demo's code panel: for the current event's thread, the run-loop or replay Swift
/// source around the line that thread last recorded an event at, that line marked, titled
/// with the AFNetworking 2.6.3 or CFRunLoop name the method mirrors (``MirroredMethod``).
///
/// The line is the latest event of that thread, up to the current one, recorded in
/// ``shownModules``: a lock or a scheduling point is recorded inside the runtime, so the
/// panel stays on the replay line that led to it. The source is read from the checkout
/// (``SourceTree``); without one the panel says so.
struct CodePanel: Sendable {
    /// Where the source files are.
    let sources: SourceTree

    /// The modules whose lines the panel shows: the run loop, the network simulation and the
    /// replay.
    static let shownModules: Set<String> = ["RunLoopKit", "NetSim", "AFReplay"]
    /// How many lines it shows before and after the marked one.
    static let context = 3
    /// The narrowest screen that shows the source; a narrower one shows the title line only.
    static let minimumWidth = 72

    /// One line of the panel and how to paint it.
    struct Line: Sendable, Equatable {
        /// What it says.
        let text: String
        /// Whether it is the marked line, the current one.
        var isCurrent = false
        /// Whether it is the heading.
        var isHeading = false
    }

    /// The event whose line the panel shows for the first `position` events of `trace`:
    /// the latest one of the current event's thread recorded in ``shownModules``.
    static func focus(in trace: [TraceEvent], position: Int) -> TraceEvent? {
        guard position > 0 else { return nil }
        let thread = trace[position - 1].thread
        return trace[..<position].last { $0.thread == thread && shownModules.contains($0.location.module) }
    }

    /// The full panel for the first `position` events of `trace`: a heading, the file and
    /// line, and the source around it; empty before the first event.
    func lines(in trace: [TraceEvent], position: Int) -> [Line] {
        guard position > 0 else { return [] }
        let current = trace[position - 1]
        let thread = "T\(current.thread) \(current.threadName)"
        guard let focus = Self.focus(in: trace, position: position) else {
            return [Line(text: "Code · \(thread) · no run-loop or replay line on this thread yet", isHeading: true)]
        }
        let location = focus.location
        let place = "   \(location) · event #\(focus.sequence) \(focus.name)"
        guard let source = sources.lines(of: location) else {
            return [
                Line(text: "Code · \(thread) · \(location)", isHeading: true), Line(text: place),
                Line(text: "   source not found: no checkout with Sources/\(location.module) here or above the executable"),
            ]
        }
        let line = Int(location.line)
        let method = MirroredMethod(enclosing: line, in: source)
        var lines = [Line(text: "Code · \(thread) · \(method?.title ?? location.description)", isHeading: true), Line(text: place)]
        let bounds = method?.lines ?? 1...source.count
        let first = max(line - Self.context, bounds.lowerBound, 1)
        let last = min(line + Self.context, bounds.upperBound, source.count)
        guard first <= last else { return lines }
        for number in first...last {
            let marker = number == line ? "▶" : " "
            let numberText = String(number).leftPadded(to: 5)
            lines.append(Line(text: "  \(marker)\(numberText) │ \(source[number - 1])", isCurrent: number == line))
        }
        return lines
    }

    /// The panel folded to one line, for a screen too narrow or too short for the source:
    /// `Code · T2 AFNetworking · operationDidStart — … · URLConnectionOperation+Lifecycle.swift:28`.
    func foldedLine(in trace: [TraceEvent], position: Int) -> Line? {
        guard position > 0 else { return nil }
        let full = lines(in: trace, position: position)
        guard let heading = full.first else { return nil }
        guard let focus = Self.focus(in: trace, position: position) else { return heading }
        let location = focus.location
        let place = "\(location.fileName):\(location.line)"
        return heading.text.contains(location.description) ? heading : Line(text: heading.text + " · " + place, isHeading: true)
    }
}
