import LabRuntime

/// Exports a trace as a Mermaid sequence diagram: threads as participants, perform hops
/// as arrows from the queuing thread to the target, delegate callbacks as arrows into the
/// delegate's thread, and the rest of the story (locks, switches, operation states,
/// notifications, completions) as notes over the thread that did it.
public enum MermaidExporter {
    /// The diagram for `trace`.
    public static func diagram(_ trace: [TraceEvent]) -> String {
        var lines = ["sequenceDiagram"]
        for thread in TraceThreads(trace).all {
            lines.append("    participant T\(thread.id) as \(escape("T\(thread.id) \(thread.name)"))")
        }
        for event in trace {
            let me = "T\(event.thread)"
            switch event.kind {
            case let .performEnqueued(label, target, modes):
                lines.append("    \(me)-)T\(target): \(escape("[\(event.sequence)] perform \(label) [\(modes.joined(separator: ","))]"))")
            case let .performRun(label, mode):
                lines.append("    Note over \(me): \(escape("[\(event.sequence)] run \(label) in \(mode)"))")
            case let .delegateCallback(connection, callback, delegate):
                lines.append("    \(me)->>\(me): \(escape("[\(event.sequence)] C\(connection) \(callback) → \(delegate)"))")
            case let .schedule(chosen, enabled, _, _):
                guard chosen != event.thread else { continue }
                let preempted = enabled.contains(event.thread)
                lines.append("    \(me)--)T\(chosen): \(escape("[\(event.sequence)] " + (preempted ? "preempted" : "switch")))")
            case .lockWait, .lockAcquire, .lockRelease, .lockReleaseUnheld, .semaphoreSignal, .semaphoreWait, .threadStart, .threadExit,
                .join,
                .operationState, .operationCancelled, .connectionCreated, .connectionCancelled, .notificationPosted,
                .notificationDelivered, .completion, .note:
                let detail = event.kind.detail
                lines.append("    Note over \(me): \(escape("[\(event.sequence)] \(event.name)" + (detail.isEmpty ? "" : " \(detail)")))")
            default:
                continue
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Mermaid text with `#` and `;` written as its entity codes, so that they cannot end a
    /// statement or start an entity.
    static func escape(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "#": out += "#35;"
            case ";": out += "#59;"
            default: out.append(character)
            }
        }
        return out
    }
}
