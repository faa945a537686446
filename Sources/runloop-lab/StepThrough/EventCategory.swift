import LabRuntime

extension TraceEvent {
    /// What kind of step the event is, as the demo heads it: `thread`, `loop activity`,
    /// `lock`, `perform hop`, `callback → operation`, ….
    var demoCategory: String {
        switch kind {
        case .threadStart, .threadExit, .threadSpawn, .join: "thread"
        case .cellAccess: "shared memory"
        case .schedule, .clockAdvance, .yield: "scheduling"
        case .lockWait, .lockAcquire, .lockRelease, .lockReleaseUnheld, .semaphoreSignal, .semaphoreWait: "lock"
        case .loopEntry, .loopExit, .loopWait, .loopWake, .wakeUp, .stop, .observer, .sourceSignal, .sourcePerform,
            .portSend, .portPerform, .timerAdd, .timerFire, .timerInvalidate:
            "loop activity"
        case .performEnqueued, .performRun: "perform hop"
        case .delegateCallback: "callback → operation"
        case .connectionCreated, .connectionCancelled: "connection"
        case .server: "server"
        case .operationState, .operationCancelled, .kvo, .completion: "operation"
        case .notificationPosted, .notificationDelivered: "notification"
        case .note: "note"
        }
    }

    /// A sentence on how a callback found its receiver, for `connection.callback` events.
    var routingExplanation: String? {
        guard case let .delegateCallback(connection, _, delegate) = kind else { return nil }
        if delegate.hasPrefix("delegate of ") {
            return "the manager looked \(delegate.dropFirst("delegate of ".count)) up in its task id → delegate dictionary, under its lock"
        }
        if delegate.hasPrefix("op ") {
            return "C\(connection) calls its own delegate, \(delegate), directly: no dictionary, no lookup"
        }
        if delegate.hasPrefix("task ") {
            return "C\(connection) calls its delegate, \(delegate), which hands the message to the session's one delegate"
        }
        return "\(delegate) receives it: the session has one delegate for all its tasks"
    }
}
