import Synchronization

/// Collects a runtime's ``TraceEvent``s in order.
///
/// Appending takes a short lock, so it is safe from any thread; under simulation only one
/// thread runs at a time, so the order is deterministic. Tracing can be turned off for
/// benchmarks, where an event per block would dominate the cost being measured.
public final class TraceRecorder: Sendable {
    private let events = Mutex<[TraceEvent]>([])
    private let enabled: Atomic<Bool>
    private let listeners = Mutex<[@Sendable (TraceEvent) -> Void]>([])

    /// A recorder that starts on or off.
    public init(enabled: Bool = true) {
        self.enabled = Atomic(enabled)
    }

    /// Whether events are being recorded.
    public var isEnabled: Bool {
        get { enabled.load(ordering: .relaxed) }
        set { enabled.store(newValue, ordering: .relaxed) }
    }

    /// Appends an event by `thread` at `time`, recorded at `location`.
    public func append(thread: LabThread, time: LabInstant, kind: TraceEvent.Kind, location: CodeLocation) {
        let event = events.withLock { events in
            let event = TraceEvent(
                sequence: events.count, time: time, thread: thread.id,
                threadName: thread.name, kind: kind, location: location)
            events.append(event)
            return event
        }
        for listener in listeners.withLock({ $0 }) { listener(event) }
    }

    /// Calls `listener` with every event appended from now on, on the appending thread.
    public func addListener(_ listener: @escaping @Sendable (TraceEvent) -> Void) {
        listeners.withLock { $0.append(listener) }
    }

    /// The events so far.
    public var snapshot: [TraceEvent] { events.withLock { $0 } }

    /// Ends the recording: returns every event, then forgets them and the listeners and
    /// stops recording. A finished simulation hands its trace to its result this way, so
    /// that a simulation kept alive by what its threads left behind does not keep the trace
    /// too.
    func finish() -> [TraceEvent] {
        enabled.store(false, ordering: .relaxed)
        listeners.withLock { $0 = [] }
        return events.withLock { events in
            defer { events = [] }
            return events
        }
    }

    /// The events so far, one ``TraceEvent/description`` per line.
    public var text: String { snapshot.map(\.description).joined(separator: "\n") }
}
