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

    /// Whether `event` is one of these.
    func matches(_ event: TraceEvent) -> Bool {
        guard event.name == name else { return false }
        guard let text else { return true }
        return event.unnumberedText.contains(text)
    }

    /// `"perform.run"` or `"connection.callback" "→ op A"`, as written in the scenario.
    var description: String {
        "\"\(name)\"" + (text.map { " \"\($0)\"" } ?? "")
    }
}
