import LabRuntime

/// `NSNotificationCenter`: observers by name (and optionally object), and synchronous
/// delivery on the posting thread.
///
/// ``post(_:)`` records a `notification.post` event, then calls every matching observer
/// in registration order on the posting thread, recording a `notification.deliver` event
/// naming the observer before each call. AFNetworking posts its operation notifications
/// from blocks dispatched to the main queue (spec §3), so observers of those run on main.
/// There is one ``default(in:)`` center per runtime (`defaultCenter`).
public final class NotificationCenter: Sendable {
    private struct Observer: Sendable {
        let name: Notification.Name
        let object: (any TraceNamed)?
        let observerName: String
        let handler: @Sendable (Notification) -> Void
    }

    let runtime: any Runtime
    private let observers: VisibleMutex<[Observer]>

    private static let centers = RuntimeLocal<NotificationCenter>("defaultCenter") { runtime in
        NotificationCenter(runtime: runtime)
    }

    /// A center whose posts are traced in `runtime` (the caller's by default).
    public init(runtime: any Runtime = currentRuntime()) {
        self.runtime = runtime
        observers = VisibleMutex([], runtime: runtime)
    }

    /// The default center of `runtime` (`[NSNotificationCenter defaultCenter]`).
    public static func `default`(in runtime: any Runtime = currentRuntime()) -> NotificationCenter {
        centers.value(in: runtime)
    }

    /// Registers `handler` for notifications called `name`, from `object` only if one is
    /// given (`addObserverForName:object:queue:nil usingBlock:`). `observerName` names the
    /// observer in the trace.
    public func addObserver(
        for name: Notification.Name, object: (any TraceNamed)? = nil, observerName: String,
        _ handler: @escaping @Sendable (Notification) -> Void
    ) {
        observers.withLock { $0.append(Observer(name: name, object: object, observerName: observerName, handler: handler)) }
    }

    /// Posts `notification` and delivers it synchronously to the matching observers, in
    /// registration order (`postNotification:`).
    public func post(_ notification: Notification) {
        let objectName = notification.object?.traceName ?? "nil"
        runtime.record(.notificationPosted(name: notification.name.rawValue, object: objectName))
        // The registrations as they are now (a shared copy, not a filtered one), matched
        // while delivering.
        let registered = observers.withLock { $0 }
        for observer in registered
        where observer.name == notification.name && (observer.object == nil || observer.object === notification.object) {
            runtime.record(
                .notificationDelivered(
                    name: notification.name.rawValue, object: objectName,
                    observer: observer.observerName))
            observer.handler(notification)
        }
    }

    /// Posts a notification called `name` about `object` (`postNotificationName:object:`).
    public func post(name: Notification.Name, object: (any TraceNamed)?) {
        post(Notification(name: name, object: object))
    }
}
