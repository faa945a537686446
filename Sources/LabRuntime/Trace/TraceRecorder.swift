import Synchronization

/// Collects a runtime's ``TraceEvent``s in order.
///
/// Appending takes a short lock, so it is safe from any thread; under simulation only one
/// thread runs at a time, so the order is deterministic. Tracing can be turned off for
/// benchmarks, where an event per block would dominate the cost being measured.
public final class TraceRecorder: Sendable {
    private struct State {
        var events: [TraceEvent] = []
        var listeners: [@Sendable (TraceEvent) -> Void] = []
    }
    private let state = Mutex(State())
    private let enabled: Atomic<Bool>
    /// How many events the last finished recording held, at most ``reservedLengthLimit``: a
    /// new recording reserves that much room at its first event, so that a search's runs,
    /// each about as long as the one before, append without growing their array.
    private static let lastFinishedLength = Atomic<Int>(0)
    private static let reservedLengthLimit = 1 << 14

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
    /// With no listener, the event is built in place and never copied, and `kind` is moved
    /// into it.
    public func append(thread: LabThread, time: LabInstant, kind: consuming TraceEvent.Kind, location: CodeLocation) {
        var unappended = Optional(kind)
        let heard = state.withLock { state -> (TraceEvent, [@Sendable (TraceEvent) -> Void])? in
            if state.events.capacity == 0 {
                state.events.reserveCapacity(Self.lastFinishedLength.load(ordering: .relaxed))
            }
            state.events.append(
                TraceEvent(
                    sequence: state.events.count, time: time, thread: thread.id,
                    threadName: thread.name, kind: unappended.take()!, location: location))
            return state.listeners.isEmpty ? nil : (state.events[state.events.count - 1], state.listeners)
        }
        guard let (event, listeners) = heard else { return }
        for listener in listeners { listener(event) }
    }

    /// Calls `listener` with every event appended from now on, on the appending thread.
    public func addListener(_ listener: @escaping @Sendable (TraceEvent) -> Void) {
        state.withLock { $0.listeners.append(listener) }
    }

    /// The events so far.
    public var snapshot: [TraceEvent] { state.withLock { $0.events } }

    /// Ends the recording: returns every event, then forgets them and the listeners and
    /// stops recording. A finished simulation hands its trace to its result this way, so
    /// that a simulation kept alive by what its threads left behind does not keep the trace
    /// too.
    func finish() -> [TraceEvent] {
        enabled.store(false, ordering: .relaxed)
        let events = state.withLock { state in
            defer { state = State() }
            return state.events
        }
        Self.lastFinishedLength.store(min(events.count, Self.reservedLengthLimit), ordering: .relaxed)
        return events
    }

    /// The events so far, one ``TraceEvent/description`` per line.
    public var text: String { snapshot.map(\.description).joined(separator: "\n") }
}
