import LabRuntime
import NetSim

/// `NSURLSession`, reduced to what AFNetworking's session manager relies on (spec §4): it
/// makes data tasks with per-session integer identifiers, runs their connections on the
/// ``SessionLoaderThread``, and delivers every delegate message as a block operation on its
/// ``delegateQueue``.
///
/// **Task identifiers.** `dataTask(with:)` reads the session's last identifier and stores
/// it plus one in two steps, two accesses of a `LabAtomic`: the unsynchronized
/// counter behind iOS 7's non-unique identifiers under concurrent creation (AFN#2093,
/// radar 5871104061079552). Creating tasks from several threads at once can therefore hand
/// two tasks the same identifier; ``SessionManager`` creates them one at a time on its
/// serial creation queue, as AFNetworking 2.4.0+ does.
///
/// **Delegate.** The session retains its delegate (NSURLSession does, until invalidated);
/// ``SessionManager`` attaches itself right after creating the session, before any task
/// exists. The session's name is its `description` in traces.
public final class Session: Sendable, CustomStringConvertible {
    /// The session's name, e.g. `"session manager session"`.
    public let name: String
    /// `delegateQueue`: every delegate message is a block operation added here, in the order
    /// the connections produced them.
    public let delegateQueue: LabOperationQueue
    /// The server the tasks' connections dial.
    public let server: LoopbackServer
    let runtime: any Runtime
    private let delegate: VisibleMutex<(any SessionDelegate)?>
    private let lastTaskIdentifier: LabAtomic

    /// A session in the caller's runtime (`sessionWithConfiguration:delegate:delegateQueue:`,
    /// with the delegate attached by ``attach(_:)``).
    public init(name: String, delegateQueue: LabOperationQueue, server: LoopbackServer) {
        self.name = name
        self.delegateQueue = delegateQueue
        self.server = server
        runtime = currentRuntime()
        delegate = VisibleMutex(nil, runtime: runtime)
        lastTaskIdentifier = LabAtomic("lastTaskIdentifier of \(name)", 0, runtime: runtime)
    }

    /// The session's name.
    public var description: String { name }

    /// Sets the delegate the session retains and sends every message to; once, before the
    /// first task.
    public func attach(_ delegate: any SessionDelegate) {
        self.delegate.withLock { $0 = delegate }
    }

    /// `dataTaskWithRequest:`: a new, suspended task with the next identifier, read and
    /// stored in two steps (see the type's discussion).
    public func dataTask(with request: HTTPRequest) -> SessionTask {
        let identifier = lastTaskIdentifier.load() + 1
        lastTaskIdentifier.store(identifier)
        runtime.record(.note("\(name) dataTaskWithRequest: task \(identifier) \(request.method) \(request.url.pathAndQuery), suspended"))
        return SessionTask(taskIdentifier: identifier, request: request, session: self)
    }

    /// Hands one delegate message to the delegate queue, as a block operation named `label`.
    func deliver(_ label: String, _ message: @escaping @Sendable (any SessionDelegate) -> Void) {
        guard let delegate = delegate.withLock({ $0 }) else { return }
        delegateQueue.addOperation(BlockOperation(name: label) { message(delegate) })
    }
}
