import LabRuntime

/// The dotted names of the trace's events, as `TraceEvent.name` gives them: the
/// names `expect` lines may use. It mirrors `TraceEvent.Kind.name`, so that a misspelt
/// name is an error with a suggestion instead of a check that can never match.
public enum TraceEventNames {
    /// Every event name. The order is not that of `TraceEvent.Kind`: it breaks ties between
    /// equally close suggestions for a misspelt name, so it stays as it is.
    public static let all: [String] =
        [
            "thread.start", "thread.exit", "thread.join", "schedule", "clock.advance", "yield",
            "lock.wait", "lock.acquire", "lock.release", "semaphore.signal", "semaphore.wait",
            "loop.entry", "loop.exit", "loop.wait", "loop.wake", "loop.wakeup", "loop.stop",
            "observer", "source.signal", "source.perform", "port.send", "port.perform",
            "timer.add", "timer.fire", "timer.invalidate", "perform.enqueue", "perform.run",
            "connection.create", "connection.callback", "connection.cancel", "server",
            "operation.state", "operation.cancel", "kvo", "notification.post", "notification.deliver",
            "completion", "note", "thread.spawn", "lock.release-unheld",
        ] + CellAccess.allCases.map { "cell.\($0.rawValue)" }
}
