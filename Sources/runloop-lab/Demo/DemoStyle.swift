import LabRuntime

/// How the demo prints: titles, numbered steps, narrative and trace events, with ANSI
/// colours (one per thread) or as plain text.
struct DemoStyle: Sendable {
    /// Whether to emit ANSI escape codes.
    let colors: Bool

    private static let threadColors = ["36", "33", "35", "32", "34", "31"]

    private func paint(_ text: String, _ code: String) -> String {
        colors ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }

    /// `text` in the colour of thread `id`.
    func thread(_ id: Int, _ text: String) -> String { paint(text, Self.threadColors[id % Self.threadColors.count]) }

    /// `text` in bold.
    func bold(_ text: String) -> String { paint(text, "1") }

    /// `text` dimmed.
    func dim(_ text: String) -> String { paint(text, "2") }

    /// `text` highlighted: bold on a reversed background.
    func highlight(_ text: String) -> String { paint(text, "1;7") }

    /// The walkthrough's title, in bold.
    func title(_ text: String) -> String { bold(text) }

    /// A numbered step heading.
    func step(_ number: Int, _ text: String) -> String { "\n" + paint("Step \(number). \(text)", "1") }

    /// A line of narrative.
    func note(_ text: String) -> String { paint("  → " + text, "2") }

    /// A trace event: time in milliseconds, thread, event name and detail.
    func event(_ event: TraceEvent) -> String {
        let micros = event.time.nanoseconds / 1_000
        let fraction = String(micros % 1_000)
        let stamp = "\(micros / 1_000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)".leftPadded(to: 8)
        let thread = self.thread(event.thread, "T\(event.thread) \(event.threadName)")
        let detail = event.kind.detail
        return "    \(stamp) ms  \(thread)  \(event.name)" + (detail.isEmpty ? "" : " " + detail)
    }
}
