/// One observable step: the unit of the lab's trace.
///
/// Every layer appends events (scheduling decisions, locks, run-loop activities, perform
/// hops, timers, sources). The inspector, the demo, the exporters and the tutorials read
/// the trace; none of them re-derives state on its own. Under a ``Simulation`` the
/// sequence numbers and times are deterministic, so the same seed gives the same
/// ``description`` for every event, byte for byte.
///
/// Each event also carries the ``location`` in the lab's source that recorded it. The
/// text forms leave it out, and two events are equal when they say the same thing
/// (sequence, time, thread and kind), wherever they were recorded.
public struct TraceEvent: Sendable, Equatable, CustomStringConvertible {
    /// Position in the trace, from 0.
    public let sequence: Int
    /// When it happened on the runtime's clock.
    public let time: LabInstant
    /// The lab thread that did it.
    public let thread: LabThreadID
    /// The name of that thread.
    public let threadName: String
    /// What happened.
    public let kind: Kind
    /// The line of the lab's Swift source that recorded it.
    public let location: CodeLocation

    public static func == (a: TraceEvent, b: TraceEvent) -> Bool {
        a.sequence == b.sequence && a.time == b.time && a.thread == b.thread && a.threadName == b.threadName && a.kind == b.kind
    }

    /// What happened, with the names a learner would look for.
    public enum Kind: Sendable, Equatable {
        /// A lab thread began running its body.
        case threadStart
        /// A lab thread's body returned and its exit handlers ran.
        case threadExit
        /// The thread started thread `child`, named `name` (`pthread_create`).
        case threadSpawn(child: LabThreadID, name: String)
        /// The thread accessed a ``LabCell`` or ``LabAtomic`` (its ``LabCell/traceName``);
        /// `value` says what it read or wrote (`executing`, `5 (was 4)`), and the text form
        /// puts the access's ``CellAccess/arrow`` before it, so that recording builds no text
        /// beyond the value's own description. `atomic` is true for a ``LabAtomic``, whose
        /// accesses synchronise instead of racing; the text form leaves it out.
        case cellAccess(cell: String, access: CellAccess, value: String, atomic: Bool)
        /// The scheduler chose `chosen` among `enabled` at a point labelled `point` (whose
        /// text is made only when read: ``SchedulingPointLabel``), the
        /// run's scheduling point number `step` (the number a ``Schedule`` switch names; the
        /// text form leaves it out).
        case schedule(chosen: LabThreadID, enabled: [LabThreadID], point: SchedulingPointLabel, step: Int)
        /// Virtual time jumped because no thread could run before it.
        case clockAdvance
        /// The thread is blocked on `lock` (of class `lockClass`), held by `holder`.
        case lockWait(lock: String, lockClass: String, holder: LabThreadID)
        /// The thread took `lock` (of class `lockClass`; `depth` > 1 for recursive re-entry).
        /// The class is what lock-order checking works on; the text form leaves it out.
        case lockAcquire(lock: String, lockClass: String, depth: Int)
        /// The thread released one level of `lock`.
        case lockRelease(lock: String, depth: Int)
        /// The thread asked to release `lock`, which it does not hold (`holder` does, or
        /// nobody): nothing changed. A pthread error-checking mutex answers `EPERM`;
        /// `-[NSLock unlock]` logs "unlocked from thread which did not lock it".
        case lockReleaseUnheld(lock: String, holder: LabThreadID?)
        /// The thread signalled a semaphore.
        case semaphoreSignal(name: String)
        /// The thread passed a semaphore wait.
        case semaphoreWait(name: String)
        /// An explicit `yield(label)`.
        case yield(label: String)
        /// The thread waited for another to exit.
        case join(thread: LabThreadID)
        /// A run-loop activation began in `mode` (CF's Entry).
        case loopEntry(mode: String)
        /// A run-loop activation ended with `result`.
        case loopExit(mode: String, result: String)
        /// The loop is about to block in `mode` until a port is ready or `deadline`.
        case loopWait(mode: String, deadline: LabInstant?)
        /// The loop woke because of `cause` (a port name, "timer", "timeout").
        case loopWake(mode: String, cause: String)
        /// An observer was called for `activity`.
        case observer(name: String, activity: String, mode: String)
        /// A version-0 source was signalled.
        case sourceSignal(name: String)
        /// A version-0 source's perform ran.
        case sourcePerform(name: String, mode: String)
        /// A message was sent to a port.
        case portSend(name: String)
        /// A port (version-1) source ran after draining `messages` messages.
        case portPerform(name: String, mode: String, messages: Int)
        /// A timer was added to `mode` of `target`'s loop, due at `fireDate`
        /// (`CFRunLoopAddTimer`).
        case timerAdd(name: String, target: LabThreadID, mode: String, fireDate: LabInstant)
        /// A timer's callout ran.
        case timerFire(name: String, mode: String)
        /// A scheduled timer was invalidated and left its loop (`CFRunLoopTimerInvalidate`).
        case timerInvalidate(name: String)
        /// A block was queued on `target`'s loop for `modes` (perform-block, perform-on-thread).
        case performEnqueued(label: String, target: LabThreadID, modes: [String])
        /// A queued block ran.
        case performRun(label: String, mode: String)
        /// A wake-up was sent to `target`'s loop; `delivered` is false when it was ignored.
        case wakeUp(target: LabThreadID, delivered: Bool)
        /// The innermost activation of `target`'s loop was asked to stop.
        case stop(target: LabThreadID, activeRun: Bool)
        /// A connection was created for `url`, with `delegate` (an operation or a session
        /// task delegate) as its delegate.
        case connectionCreated(connection: Int, url: String, delegate: String)
        /// A connection delivered a delegate callback (`didReceiveResponse`, `didReceiveData`,
        /// `didFinishLoading`, `didFailWithError`) to `delegate`, the object that received it.
        case delegateCallback(connection: Int, callback: String, delegate: String)
        /// A connection was cancelled; it will send no more callbacks.
        case connectionCancelled(connection: Int)
        /// The loopback server did something visible (accepted, sent a chunk, injected a fault).
        case server(String)
        /// An operation's state changed (`setState:`), or a transition was rejected.
        case operationState(operation: String, from: String, to: String, accepted: Bool)
        /// An operation's `isCancelled` flag was set.
        case operationCancelled(operation: String)
        /// A key-value-observing notification: `phase` is "will" or "did".
        case kvo(object: String, key: String, phase: String)
        /// A notification was posted (`NSNotificationCenter postNotificationName:object:`).
        case notificationPosted(name: String, object: String)
        /// An observer received a notification.
        case notificationDelivered(name: String, object: String, observer: String)
        /// A completion, success or failure block ran.
        case completion(operation: String, block: String)
        /// A line of narrative, for demos and lessons.
        case note(String)
    }

    /// The dotted name of the kind, e.g. `"lock.acquire"`: what breakpoints and filters match.
    public var name: String { kind.name }

    /// `#12 0.000005 T1 main lock.acquire L2 operation lock depth=1`: the sequence number,
    /// then ``unnumberedText``.
    public var description: String { "#\(sequence) \(unnumberedText)" }

    /// The event's trace line without its sequence number:
    /// `0.000005 T1 main lock.acquire L2 operation lock depth=1`.
    public var unnumberedText: String {
        let detail = kind.detail
        return "\(time) T\(thread) \(threadName) \(kind.name)" + (detail.isEmpty ? "" : " " + detail)
    }
}

extension TraceEvent.Kind {
    /// The dotted name of the kind.
    public var name: String {
        switch self {
        case .threadStart: "thread.start"
        case .threadExit: "thread.exit"
        case .threadSpawn: "thread.spawn"
        case let .cellAccess(_, access, _, _): "cell.\(access.rawValue)"
        case .schedule: "schedule"
        case .clockAdvance: "clock.advance"
        case .lockWait: "lock.wait"
        case .lockAcquire: "lock.acquire"
        case .lockRelease: "lock.release"
        case .lockReleaseUnheld: "lock.release-unheld"
        case .semaphoreSignal: "semaphore.signal"
        case .semaphoreWait: "semaphore.wait"
        case .yield: "yield"
        case .join: "thread.join"
        case .loopEntry: "loop.entry"
        case .loopExit: "loop.exit"
        case .loopWait: "loop.wait"
        case .loopWake: "loop.wake"
        case .observer: "observer"
        case .sourceSignal: "source.signal"
        case .sourcePerform: "source.perform"
        case .portSend: "port.send"
        case .portPerform: "port.perform"
        case .timerAdd: "timer.add"
        case .timerFire: "timer.fire"
        case .timerInvalidate: "timer.invalidate"
        case .performEnqueued: "perform.enqueue"
        case .performRun: "perform.run"
        case .wakeUp: "loop.wakeup"
        case .stop: "loop.stop"
        case .connectionCreated: "connection.create"
        case .delegateCallback: "connection.callback"
        case .connectionCancelled: "connection.cancel"
        case .server: "server"
        case .operationState: "operation.state"
        case .operationCancelled: "operation.cancel"
        case .kvo: "kvo"
        case .notificationPosted: "notification.post"
        case .notificationDelivered: "notification.deliver"
        case .completion: "completion"
        case .note: "note"
        }
    }

    /// Whether the event is about an operation or its connection (`operation.state`,
    /// `operation.cancel`, `connection.create`, `connection.callback`, `connection.cancel`,
    /// `completion`, `notification.post`): the events the AFNetworking checkers read, which
    /// ``SimulationResult/operationEventPositions`` lists.
    public var concernsOperations: Bool {
        switch self {
        case .operationState, .operationCancelled, .connectionCreated, .delegateCallback, .connectionCancelled,
            .completion, .notificationPosted:
            true
        default:
            false
        }
    }

    /// Whether the event is a lock's (`lock.wait`, `lock.acquire`, `lock.release`,
    /// `lock.release-unheld`): the events the lock checkers read, which
    /// ``SimulationResult/lockEventPositions`` lists.
    public var concernsLocks: Bool {
        switch self {
        case .lockWait, .lockAcquire, .lockRelease, .lockReleaseUnheld: true
        default: false
        }
    }

    /// The event's arguments as one readable string.
    public var detail: String {
        switch self {
        case .threadStart, .threadExit, .clockAdvance: ""
        case let .schedule(chosen, enabled, point, _):
            "T\(chosen) of [\(enabled.map { "T\($0)" }.joined(separator: ","))] at \(point)"
        case let .lockWait(lock, _, holder): "\(lock) held by T\(holder)"
        case let .lockAcquire(lock, _, depth), let .lockRelease(lock, depth): "\(lock) depth=\(depth)"
        case let .lockReleaseUnheld(lock, holder): "\(lock) " + (holder.map { "held by T\($0)" } ?? "held by nobody")
        case let .semaphoreSignal(name), let .semaphoreWait(name): name
        case let .threadSpawn(child, name): "T\(child) \(name)"
        case let .cellAccess(cell, access, value, _): "\(cell) \(access.arrow) \(value)"
        case let .yield(label): label
        case let .join(thread): "T\(thread)"
        case let .loopEntry(mode): mode
        case let .loopExit(mode, result): "\(mode) → \(result)"
        case let .loopWait(mode, deadline): "\(mode) until \(deadline.map(\.description) ?? "forever")"
        case let .loopWake(mode, cause): "\(mode) by \(cause)"
        case let .observer(name, activity, mode): "\(name) \(activity) in \(mode)"
        case let .sourceSignal(name): name
        case let .sourcePerform(name, mode): "\(name) in \(mode)"
        case let .portSend(name): name
        case let .portPerform(name, mode, messages): "\(name) in \(mode) messages=\(messages)"
        case let .timerAdd(name, target, mode, fireDate): "\(name) → T\(target) in \(mode) at \(fireDate)"
        case let .timerFire(name, mode): "\(name) in \(mode)"
        case let .timerInvalidate(name): name
        case let .performEnqueued(label, target, modes): "\(label) → T\(target) modes=[\(modes.joined(separator: ","))]"
        case let .performRun(label, mode): "\(label) in \(mode)"
        case let .wakeUp(target, delivered): "T\(target)" + (delivered ? "" : " ignored")
        case let .stop(target, activeRun): "T\(target)" + (activeRun ? "" : " (not running: no-op)")
        case let .connectionCreated(connection, url, delegate): "C\(connection) \(url) delegate=\(delegate)"
        case let .delegateCallback(connection, callback, delegate): "C\(connection) \(callback) → \(delegate)"
        case let .connectionCancelled(connection): "C\(connection)"
        case let .server(text): text
        case let .operationState(operation, from, to, accepted): "\(operation) \(from) → \(to)" + (accepted ? "" : " rejected")
        case let .operationCancelled(operation): operation
        case let .kvo(object, key, phase): "\(phase)Change \(key) of \(object)"
        case let .notificationPosted(name, object): "\(name) object=\(object)"
        case let .notificationDelivered(name, object, observer): "\(name) object=\(object) → \(observer)"
        case let .completion(operation, block): "\(block) of \(operation)"
        case let .note(text): text
        }
    }
}
