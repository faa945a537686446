import LabRuntime
import NetSim
import RunLoopKit

/// `AFURLSessionManager` of AFNetworking 2.6.3 (USM.m, spec §4): a ``Session`` whose
/// delegate it is, a serial delegate queue, and a map from task identifier to
/// ``SessionTaskDelegate`` guarded by a non-recursive lock.
///
/// - **Delegate queue**: ``operationQueue``, an operation queue with
///   `maxConcurrentOperationCount = 1`, so every delegate message runs serially there (as
///   a block operation the session queues).
/// - **Task → delegate map**: `mutableTaskDelegatesKeyedByTaskIdentifier`, kept as an
///   ordered list of (identifier, delegate) pairs and only ever searched by identifier;
///   every access holds ``lock`` (an `NSLock` named
///   `"com.alamofire.networking.session.manager.lock"`, lock class
///   `"session manager lock"`) for one lookup, insertion or removal. Registering a second
///   delegate under an identifier replaces the first, as the dictionary does.
/// - **Task creation** (``dataTask(with:completionHandler:)``): the task is made inside
///   `dispatch_sync` on the serial queue `"com.alamofire.networking.session.manager.creation"`,
///   so identifiers are unique even when many threads create tasks at once; the delegate is
///   then registered on the caller's thread, under the lock, **before** the task is
///   returned. The task is returned suspended and the caller resumes it, so no message can
///   precede registration.
/// - **Routing**: each message on the delegate queue looks up the task's delegate under the
///   lock and forwards to it, and the trace records a `connection.callback` naming the
///   task's connection and the delegate the lookup reached (where a
///   ``URLConnectionOperation`` is its connection's delegate directly). The response
///   message is the manager's own (2.6.3 forwards only data and completion).
/// - **Completion**: forwarded to the task delegate, which serializes on the processing
///   queue and calls the handler on ``completionQueue`` (or main) in ``completionGroup``,
///   then posts ``Notification/Name/taskDidComplete`` on main; the manager then removes
///   the delegate.
/// - **Resume and suspend notifications**: a task of this manager that ``SessionTask/resume()``
///   found not running gets ``Notification/Name/taskDidResume`` posted about it on main, and
///   one that ``SessionTask/suspend()`` found not suspended gets
///   ``Notification/Name/taskDidSuspend`` (USM.m's `taskDidResume:` and `taskDidSuspend:`,
///   behind the swizzled `af_resume` and `af_suspend`).
public final class SessionManager: SessionDelegate, TraceNamed, CustomStringConvertible, Sendable {
    /// A task's completion handler: the response, the serialized object and the error.
    public typealias CompletionHandler = @Sendable (HTTPResponseHead?, ResponseObject?, OperationError?) -> Void

    /// A `dataTaskDidReceiveData` block: the session, the task and one message's data.
    public typealias DataTaskDidReceiveData = @Sendable (Session, SessionTask, [UInt8]) -> Void

    /// The name of every manager's lock (USM.m 78).
    public static let lockName = "com.alamofire.networking.session.manager.lock"
    /// The lock class every manager's lock belongs to, for lock-order checking.
    public static let lockClass = "session manager lock"

    private struct Settings: Sendable {
        var responseSerializer: any ResponseSerializer = JSONResponseSerializer()
        var completionQueue: (any LabDispatchQueue)?
        var completionGroup: DispatchGroupModel?
        var dataTaskDidReceiveData: DataTaskDidReceiveData?
    }

    /// The manager's name, also its tasks' `taskDescription`.
    public let name: String
    /// `session`: the session whose delegate the manager is.
    public let session: Session
    /// `operationQueue`: the session's delegate queue, of concurrency 1.
    public let operationQueue: LabOperationQueue
    /// `lock`: the non-recursive lock around the task → delegate map.
    public let lock: any LabLock
    let runtime: any Runtime
    private let taskDelegates: VisibleMutex<[(taskIdentifier: Int, delegate: SessionTaskDelegate)]>
    private let settings: VisibleMutex<Settings>

    /// `initWithSessionConfiguration:` in the caller's runtime: the delegate queue, the lock
    /// and a session with the manager as its delegate, for connections to `server`.
    ///
    /// Live, throws `RunLoopError.systemCallFailed` when the delegate queue's workers could
    /// not be started (no descriptor left, `EMFILE`; ``LabOperationQueue/init(name:maxConcurrentOperationCount:workerCount:)``).
    public init(server: LoopbackServer, name: String = "session manager") throws(RunLoopError) {
        runtime = currentRuntime()
        taskDelegates = VisibleMutex([], runtime: runtime)
        settings = VisibleMutex(Settings(), runtime: runtime)
        self.name = name
        operationQueue = try LabOperationQueue(name: "\(name) delegate queue", maxConcurrentOperationCount: 1)
        lock = runtime.makeLock(named: Self.lockName, lockClass: Self.lockClass, recursive: false)
        session = Session(name: "\(name) session", delegateQueue: operationQueue, server: server)
        session.attach(self)
        repost(.sessionTaskDidResume, as: .taskDidResume)
        repost(.sessionTaskDidSuspend, as: .taskDidSuspend)
    }

    /// `[NSNotificationCenter addObserver:self selector:@selector(taskDidResume:) …]` and
    /// `taskDidSuspend:` in `initWithSessionConfiguration:`: a task of this manager (its
    /// `taskDescription` is the manager's) that posts `swizzled`
    /// (`AFNSURLSessionTaskDidResumeNotification`, `…DidSuspendNotification`) gets `reposted`
    /// posted about it on main, from a block dispatched there (USM.m's `taskDidResume:` and
    /// `taskDidSuspend:`).
    private func repost(_ swizzled: Notification.Name, as reposted: Notification.Name) {
        let center = NotificationCenter.default(in: runtime)
        let name = name
        let runtime = runtime
        center.addObserver(for: swizzled, observerName: name) { notification in
            guard let task = notification.object as? SessionTask, task.taskDescription == name else { return }
            MainQueue.shared(in: runtime).async(label: "post \(reposted.shortName) \(task)") {
                center.post(name: reposted, object: task)
            }
        }
    }

    /// The manager's name in traces.
    public var traceName: String { name }

    /// The manager's name.
    public var description: String { name }

    /// `responseSerializer`: a ``JSONResponseSerializer`` by default.
    public var responseSerializer: any ResponseSerializer {
        get { settings.withLock { $0.responseSerializer } }
        set { settings.withLock { $0.responseSerializer = newValue } }
    }

    /// `completionQueue`: where completion handlers run; nil means the main queue.
    public var completionQueue: (any LabDispatchQueue)? {
        get { settings.withLock { $0.completionQueue } }
        set { settings.withLock { $0.completionQueue = newValue } }
    }

    /// `completionGroup`: the group completion handlers join; nil means
    /// `url_session_manager_completion_group`.
    public var completionGroup: DispatchGroupModel? {
        get { settings.withLock { $0.completionGroup } }
        set { settings.withLock { $0.completionGroup = newValue } }
    }

    /// `dataTaskDidReceiveData`, set with `setDataTaskDidReceiveDataBlock:`: called with
    /// every data message, on the delegate queue, after the task's delegate has taken it
    /// (USM.m's `URLSession:dataTask:didReceiveData:`); nil by default.
    public var dataTaskDidReceiveData: DataTaskDidReceiveData? {
        get { settings.withLock { $0.dataTaskDidReceiveData } }
        set { settings.withLock { $0.dataTaskDidReceiveData = newValue } }
    }

    // MARK: Tasks

    /// `dataTaskWithRequest:completionHandler:`: creates the task with `dispatch_sync` on the
    /// serial creation queue, registers its delegate under the lock (`addDelegateForDataTask:`)
    /// and returns it **suspended**; call ``SessionTask/resume()``.
    ///
    /// Live, throws `RunLoopError.systemCallFailed` when the creation queue could not be
    /// started (no descriptor left, `EMFILE`); no task is made. GCD's `dispatch_sync` never
    /// fails: the failure is the lab's, whose workers are run-loop threads.
    public func dataTask(with request: HTTPRequest, completionHandler: CompletionHandler?) throws(RunLoopError) -> SessionTask {
        let session = session
        let task = try SharedDispatchObjects.urlSessionManagerCreationQueue(in: runtime).sync(label: "dataTaskWithRequest: \(name)") {
            session.dataTask(with: request)
        }
        let delegate = SessionTaskDelegate(manager: self, taskIdentifier: task.taskIdentifier, completionHandler: completionHandler)
        task.taskDescription = name
        setDelegate(delegate, for: task)
        return task
    }

    // MARK: mutableTaskDelegatesKeyedByTaskIdentifier

    /// `delegateForTask:`: the delegate registered under the task's identifier, looked up
    /// under the lock.
    public func delegate(for task: SessionTask) -> SessionTaskDelegate? {
        lock.lock()
        defer { lock.unlock() }
        return taskDelegates.withLock { entries in entries.first { $0.taskIdentifier == task.taskIdentifier }?.delegate }
    }

    /// `setDelegate:forTask:`: registers `delegate` under the task's identifier, under the
    /// lock, replacing any delegate already there.
    func setDelegate(_ delegate: SessionTaskDelegate, for task: SessionTask) {
        lock.lock()
        taskDelegates.withLock { entries in
            if let index = entries.firstIndex(where: { $0.taskIdentifier == task.taskIdentifier }) {
                entries[index].delegate = delegate
            } else {
                entries.append((task.taskIdentifier, delegate))
            }
        }
        lock.unlock()
    }

    /// `removeDelegateForTask:`: removes the entry for the task's identifier, under the lock.
    func removeDelegate(for task: SessionTask) {
        lock.lock()
        taskDelegates.withLock { entries in entries.removeAll { $0.taskIdentifier == task.taskIdentifier } }
        lock.unlock()
    }

    /// The identifiers that have a delegate registered, in registration order.
    public var registeredTaskIdentifiers: [Int] {
        lock.lock()
        defer { lock.unlock() }
        return taskDelegates.withLock { $0.map(\.taskIdentifier) }
    }

    // MARK: SessionDelegate (the delegate queue)

    /// `URLSession:dataTask:didReceiveResponse:completionHandler:`: the manager's own
    /// (no task delegate is involved); the disposition is "allow".
    public func session(_ session: Session, dataTask: SessionTask, didReceive response: HTTPResponseHead) {
        recordCallback(of: dataTask, "URLSession:dataTask:didReceiveResponse: \(response.statusCode)", reaching: name)
    }

    /// `URLSession:dataTask:didReceiveData:`: looks up the task's delegate and forwards, then
    /// calls ``dataTaskDidReceiveData`` if set.
    public func session(_ session: Session, dataTask: SessionTask, didReceive data: [UInt8]) {
        let delegate = delegate(for: dataTask)
        recordCallback(of: dataTask, "URLSession:dataTask:didReceiveData: \(data.count) bytes", reaching: delegate?.traceName ?? "nil")
        delegate?.didReceive(data)
        dataTaskDidReceiveData?(session, dataTask, data)
    }

    /// `URLSession:task:didCompleteWithError:`: looks up the task's delegate; if there is
    /// one, forwards, then removes it. A task without a delegate is skipped.
    public func session(_ session: Session, task: SessionTask, didCompleteWithError error: OperationError?) {
        let delegate = delegate(for: task)
        let outcome = error.map { "\($0.code)" } ?? "nil"
        recordCallback(of: task, "URLSession:task:didCompleteWithError: \(outcome)", reaching: delegate?.traceName ?? "nil")
        guard let delegate else { return }
        delegate.didComplete(task: task, error: error)
        removeDelegate(for: task)
    }

    /// Traces a delegate message as a callback of the task's connection reaching `receiver`,
    /// at the caller's line; a task cancelled before it had a connection gets a note instead.
    private func recordCallback(
        of task: SessionTask, _ callback: String, reaching receiver: String, fileID: StaticString = #fileID, line: UInt = #line
    ) {
        let location = CodeLocation(fileID: fileID, line: line)
        guard let connection = task.connectionID else {
            runtime.record(.note("\(task) (no connection) \(callback) → \(receiver)"), at: location)
            return
        }
        runtime.record(.delegateCallback(connection: connection, callback: callback, delegate: receiver), at: location)
    }
}
