import Synchronization

/// Collects a runtime's ``TraceEvent``s in order.
///
/// Appending takes a short lock, so it is safe from any thread; under simulation only one
/// thread runs at a time, so the order is deterministic. Tracing can be turned off for
/// benchmarks, where an event per block would dominate the cost being measured.
public final class TraceRecorder: Sendable {
    /// A listener: a class, so that asking it whether it wants an event borrows its
    /// closures instead of retaining and releasing them for every event.
    private final class Listener: Sendable {
        let wants: @Sendable (TraceEvent.Kind) -> Bool
        let hear: @Sendable (TraceEvent) -> Void

        init(wants: @escaping @Sendable (TraceEvent.Kind) -> Bool, hear: @escaping @Sendable (TraceEvent) -> Void) {
            self.wants = wants
            self.hear = hear
        }
    }
    private struct State {
        var events: [TraceEvent] = []
        var listeners: [Listener] = []
    }
    private let state = Mutex(State())
    @usableFromInline let enabled: Atomic<Bool>
    /// How many events the last finished recording held (of those that recorded any), at
    /// most ``reservedLengthLimit``: a new recording reserves that much room at its first
    /// event, so that a search's runs, each about as long as the one before, append without
    /// growing their array.
    private static let lastFinishedLength = Atomic<Int>(0)
    private static let reservedLengthLimit = 1 << 14
    /// Emptied traces of runs that nobody reads any more (``recycle(_:)``), whose storage a
    /// new recording takes instead of reserving its own.
    private static let spareStorage = Mutex<[[TraceEvent]]>([])
    /// How many emptied traces are kept at most: one for each job of a search is enough.
    private static let spareStorageLimit = 64

    /// A recorder that starts on or off.
    public init(enabled: Bool = true) {
        self.enabled = Atomic(enabled)
    }

    /// Whether events are being recorded. Inlinable, so that a hot path with tracing off
    /// pays one relaxed load for each check.
    @inlinable public var isEnabled: Bool {
        get { enabled.load(ordering: .relaxed) }
        set { enabled.store(newValue, ordering: .relaxed) }
    }

    /// Appends an event by `thread` at `time`, recorded at `location`.
    /// Unless a listener wants it, the event is built in place and never copied, and `kind`
    /// is moved into it.
    public func append(thread: LabThread, time: LabInstant, kind: consuming TraceEvent.Kind, location: CodeLocation) {
        append(threadID: thread.id, threadName: thread.name, time: time, kind: kind, location: location)
    }

    /// Appends an event by the thread `threadID` called `threadName`: what both public ways
    /// of appending come to. `kind` and `threadName` are moved into the event.
    private func append(
        threadID: LabThreadID, threadName: consuming String, time: LabInstant, kind: consuming TraceEvent.Kind,
        location: CodeLocation
    ) {
        var unappended = Optional(kind)
        var unappendedName = Optional(threadName)
        // The lock hands back the listeners that want the event and where it is only when
        // there are listeners, so that a recording without any (most) gets back `nil`, and
        // has no array to release.
        let heard = state.withLock { state -> (hearing: [Listener], position: Int)? in
            if state.events.capacity == 0 {
                if let spare = Self.spareStorage.withLock({ $0.popLast() }) {
                    state.events = spare
                } else {
                    state.events.reserveCapacity(Self.lastFinishedLength.load(ordering: .relaxed))
                }
            }
            let position = state.events.count
            state.events.append(
                TraceEvent(
                    sequence: position, time: time, thread: threadID,
                    threadName: unappendedName.take()!, kind: unappended.take()!, location: location))
            if state.listeners.isEmpty { return nil }
            return (state.listeners.filter { $0.wants(state.events[position].kind) }, position)
        }
        guard let (hearing, position) = heard, !hearing.isEmpty else { return }
        // Events are only appended until the recording finishes, which no recording thread
        // races (a simulation finishes once its threads are done), so it is still there.
        let event = state.withLock { $0.events[position] }
        for listener in hearing { listener.hear(event) }
    }

    /// Appends an event by the current lab thread (``LabThread/current``), which is borrowed
    /// rather than retained; `kind` is moved on without passing through a closure, and the
    /// copy of the thread's name is moved into the event.
    @usableFromInline
    func appendByCurrentThread(time: LabInstant, kind: consuming TraceEvent.Kind, location: CodeLocation) {
        let (threadID, threadName) = CurrentThreadSlot.withCurrent { ($0.id, $0.name) }
        append(threadID: threadID, threadName: threadName, time: time, kind: kind, location: location)
    }

    /// Calls `listener` with every event appended from now on whose kind `wants` accepts
    /// (every event by default), on the appending thread. An event no listener wants is not
    /// copied for them.
    public func addListener(
        where wants: @escaping @Sendable (TraceEvent.Kind) -> Bool = { _ in true },
        _ listener: @escaping @Sendable (TraceEvent) -> Void
    ) {
        state.withLock { $0.listeners.append(Listener(wants: wants, hear: listener)) }
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
        if !events.isEmpty { Self.lastFinishedLength.store(min(events.count, Self.reservedLengthLimit), ordering: .relaxed) }
        return events
    }

    /// Takes back the last copy of a finished run's trace, which nobody reads any more: its
    /// events are released, and its storage, emptied, is kept for a later recording of the
    /// process, so that a search's runs do not each allocate and free room for their traces.
    /// Storage larger than a recording reserves is freed instead, and a recording made with
    /// tracing off has none to keep.
    public static func recycle(_ events: consuming [TraceEvent]) {
        var storage = events
        guard storage.capacity > 0, storage.capacity <= reservedLengthLimit else { return }
        storage.removeAll(keepingCapacity: true)
        spareStorage.withLock { spare in
            if spare.count < spareStorageLimit { spare.append(storage) }
        }
    }

    /// The events so far, one ``TraceEvent/description`` per line.
    public var text: String { snapshot.map(\.description).joined(separator: "\n") }
}
