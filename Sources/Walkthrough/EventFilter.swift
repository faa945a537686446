import LabRuntime

/// The events an `expect` line talks about: those with a dotted name (`"perform.run"`),
/// optionally only those whose text contains a substring (`"→ op A"`).
///
/// The text searched is the event's trace line without its sequence number:
/// `0.005000 T1 AFNetworking connection.callback C0 didReceiveData 4 bytes → op A`, so a
/// filter can name the time, the thread, the event or any of its details.
struct EventFilter: Sendable, Equatable, CustomStringConvertible {
    /// The event name, e.g. `perform.run`.
    let name: String
    /// A substring the event's text must contain, if any.
    let text: String?
    /// Which matching event a `before` comparison means: 1 for the first (`#1`, the
    /// default), 2 for the second (`#2`), …
    var occurrence = 1

    /// Whether `event` is one of these.
    func matches(_ event: TraceEvent) -> Bool {
        guard event.name == name else { return false }
        guard let text else { return true }
        return event.unnumberedText.contains(text)
    }

    /// The `occurrence`th event of `trace` that matches, if there are that many.
    func occurrence(in trace: [TraceEvent]) -> TraceEvent? {
        trace.lazy.filter(matches).dropFirst(occurrence - 1).first
    }

    /// `"perform.run"`, `"connection.callback" "→ op A"` or `"timer.fire" #2`, as written
    /// in the scenario.
    var description: String {
        "\"\(name)\"" + (text.map { " \"\($0)\"" } ?? "") + (occurrence == 1 ? "" : " #\(occurrence)")
    }

    /// `the first "timer.fire"`, `the 2nd "timer.fire"`, … for a report.
    var ordinalDescription: String {
        let plain = "\"\(name)\"" + (text.map { " \"\($0)\"" } ?? "")
        switch occurrence {
        case 1: return "the first \(plain)"
        case 2: return "the 2nd \(plain)"
        case 3: return "the 3rd \(plain)"
        default: return "the \(occurrence)th \(plain)"
        }
    }
}
