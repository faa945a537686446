import LabRuntime
import NetSim
import RunLoopKit

/// `NSURLSessionDataTask`: one request of a ``Session``, identified by ``taskIdentifier``
/// (spec §4).
///
/// A task is created suspended. ``resume()`` creates its `NetSim.Connection` (whose
/// delegate is the task, so traces name the task as the receiver of the raw callbacks),
/// schedules it in the default mode of the ``SessionLoaderThread``'s loop and starts it.
/// On the loader thread the task records the response, then hands each message to the
/// session, which queues it on the delegate queue: the response, each chunk of data, and
/// exactly one completion, with the error (`nil` on success). ``cancel()`` cancels the
/// connection and completes the task with −999, unless it has already completed.
/// ``suspend()`` holds the connection's messages on the loader thread until the task is
/// resumed, which hands them on in order.
public final class SessionTask: ConnectionDelegate, TraceNamed, CustomStringConvertible, Sendable {
    /// A message of the task's connection, as the loader thread receives it.
    private enum ConnectionMessage: Sendable {
        case response(HTTPResponseHead)
        case data([UInt8])
        case finished(OperationError?)
    }

    private struct Storage {
        var state = SessionTaskState.suspended
        /// Whether the first resume has claimed the making of the connection.
        var isStarted = false
        var connection: Connection?
        var response: HTTPResponseHead?
        var error: OperationError?
        var taskDescription: String?
        /// The connection's messages that arrived while the task was suspended, and those
        /// that arrived after them before the loader thread handed them on, in order.
        var held: [ConnectionMessage] = []
    }

    /// `taskIdentifier`: unique within its session, unless tasks were created concurrently
    /// (see ``Session``).
    public let taskIdentifier: Int
    /// `originalRequest`.
    public let originalRequest: HTTPRequest
    /// The session that made the task.
    public let session: Session
    private let storage: VisibleMutex<Storage>

    init(taskIdentifier: Int, request: HTTPRequest, session: Session) {
        self.taskIdentifier = taskIdentifier
        originalRequest = request
        self.session = session
        storage = VisibleMutex(Storage(), runtime: session.runtime)
    }

    /// `"task 3"`: how traces name the task.
    public var traceName: String { Self.traceName(identifier: taskIdentifier) }

    /// `"task 3"`: how traces name the task with identifier `identifier`.
    static func traceName(identifier: Int) -> String { "task \(identifier)" }

    /// The task's trace name.
    public var description: String { traceName }

    /// `state`.
    public var state: SessionTaskState { storage.withLock { $0.state } }

    /// `response`: set on the loader thread before the response message is queued.
    public var response: HTTPResponseHead? { storage.withLock { $0.response } }

    /// `error`: set when the task completes with one.
    public var error: OperationError? { storage.withLock { $0.error } }

    /// `taskDescription`; ``SessionManager`` sets it to its own name to mark its tasks.
    public var taskDescription: String? {
        get { storage.withLock { $0.taskDescription } }
        set { storage.withLock { $0.taskDescription = newValue } }
    }

    /// The id of the task's connection, once ``resume()`` has made it.
    public var connectionID: Int? { storage.withLock { $0.connection?.id } }

    /// `resume`, as AFNetworking 2.6.3 swizzles it (`af_resume`, USM.m): reads the state,
    /// resumes, then, if the state it read was not running, posts
    /// `AFNSURLSessionTaskDidResumeNotification` on the calling thread, even when the resume
    /// itself did nothing (a completed task). The read and the resume are two steps, so two
    /// threads resuming one suspended task can both post.
    ///
    /// The resume (`NSURLSessionTask`'s own): from suspended, the first call creates the
    /// connection, schedules it on the loader thread's loop and starts it; a task cancelled
    /// while its connection was being made cancels the connection instead. A later call makes
    /// the task running again and has the loader thread hand on the messages held while it
    /// was suspended. Any other state: nothing. Live, when the loader thread's loop could not
    /// be set up (no descriptor left, `EMFILE`), the task completes at once with that error.
    public func resume() {
        swizzled("resume", calling: resumeTask, posting: .sessionTaskDidResume, unlessItWas: .running)
    }

    /// `suspend`, as AFNetworking 2.6.3 swizzles it (`af_suspend`, USM.m): reads the state,
    /// suspends, then, if the state it read was not suspended, posts
    /// `AFNSURLSessionTaskDidSuspendNotification` on the calling thread, even when the
    /// suspend itself did nothing (a completed or cancelled task).
    ///
    /// The suspend (`NSURLSessionTask`'s own): a running task becomes suspended, and its
    /// connection's messages (response, data, completion) are held on the loader thread
    /// until ``resume()``; the connection itself goes on. Any other state: nothing.
    public func suspend() {
        swizzled("suspend", calling: suspendTask, posting: .sessionTaskDidSuspend, unlessItWas: .suspended)
    }

    /// What `af_resume` and `af_suspend` both do: read the state, call the original method
    /// (`[self af_resume]` is a separate call, so another thread may read the state or act in
    /// between), then post `notification` on the calling thread unless the state read was
    /// `skipped`.
    private func swizzled(
        _ method: String, calling original: () -> Void, posting notification: Notification.Name, unlessItWas skipped: SessionTaskState
    ) {
        let before = state
        session.runtime.schedulingPoint(
            before: VisibleOperation(.readModifyWrite, on: storage.object), SchedulingPointLabel(method, on: traceName))
        original()
        if before != skipped {
            NotificationCenter.default(in: session.runtime).post(name: notification, object: self)
        }
    }

    /// `NSURLSessionTask`'s own `suspend`, which ``suspend()`` wraps.
    private func suspendTask() {
        let suspended = storage.withLock { storage -> Bool in
            guard storage.state == .running else { return false }
            storage.state = .suspended
            return true
        }
        if suspended { session.runtime.record(.note("\(traceName) suspended: its connection's messages are held")) }
    }

    /// `NSURLSessionTask`'s own `resume`, which ``resume()`` wraps.
    private func resumeTask() {
        enum Resumption { case none, first, again(handingOnHeld: Bool) }
        let resumption = storage.withLock { storage -> Resumption in
            guard storage.state == .suspended else { return .none }
            storage.state = .running
            guard storage.isStarted else {
                storage.isStarted = true
                return .first
            }
            return .again(handingOnHeld: !storage.held.isEmpty)
        }
        switch resumption {
        case .none: return
        case .first: startConnection()
        case let .again(handingOnHeld):
            session.runtime.record(.note("\(traceName) resumed"))
            if handingOnHeld { handOnHeldMessagesOnLoader() }
        }
    }

    /// Makes the connection, schedules it on the loader thread's loop and starts it, unless
    /// the task was cancelled meanwhile.
    private func startConnection() {
        let connection = Connection(request: originalRequest, delegate: self, startImmediately: false, server: session.server)
        let stillWanted = storage.withLock { storage -> Bool in
            storage.connection = connection
            return storage.state == .running || storage.state == .suspended
        }
        guard stillWanted else {
            connection.cancel()
            return
        }
        let loader: LabThread
        do throws(RunLoopError) {
            loader = try SessionLoaderThread.thread(in: session.runtime)
        } catch {
            complete(with: .serviceThreadUnavailable(error))
            return
        }
        connection.schedule(in: RunLoop.of(loader), forMode: .default)
        connection.start()
    }

    /// Has the loader thread hand on the held messages, after any it is handling now.
    private func handOnHeldMessagesOnLoader() {
        do throws(RunLoopError) {
            let loader = try SessionLoaderThread.thread(in: session.runtime)
            try RunLoop.perform(on: loader, modes: [.default], label: "\(traceName) held messages") { self.handOnHeldMessages() }
        } catch {
            complete(with: .serviceThreadUnavailable(error))
        }
    }

    /// On the loader thread: hands on the held messages in order while the task runs; drops
    /// them once it is cancelled or completed, and keeps them if it was suspended again.
    private func handOnHeldMessages() {
        while let message = storage.withLock({ storage -> ConnectionMessage? in
            guard storage.state == .running else {
                if storage.state != .suspended { storage.held.removeAll() }
                return nil
            }
            return storage.held.isEmpty ? nil : storage.held.removeFirst()
        }) {
            handOn(message)
        }
    }

    /// On the loader thread: hands `message` on now, or holds it while the task is suspended
    /// or earlier messages are still held.
    private func receive(_ message: ConnectionMessage) {
        let handsOnNow = storage.withLock { storage -> Bool in
            guard storage.state == .suspended || !storage.held.isEmpty else { return true }
            storage.held.append(message)
            return false
        }
        if handsOnNow { handOn(message) }
    }

    /// Queues the delegate message for `message`, or completes the task.
    private func handOn(_ message: ConnectionMessage) {
        switch message {
        case let .response(response):
            session.deliver("\(traceName) didReceiveResponse") { $0.session(self.session, dataTask: self, didReceive: response) }
        case let .data(data):
            session.deliver("\(traceName) didReceiveData") { $0.session(self.session, dataTask: self, didReceive: data) }
        case let .finished(error):
            complete(with: error)
        }
    }

    /// `cancel`: a task that has not completed becomes canceling (traced as
    /// `operation.cancel task N`), its connection (if any) is cancelled, and it completes
    /// with `NSURLErrorCancelled`.
    public func cancel() {
        let (claimed, connection) = storage.withLock { storage -> (Bool, Connection?) in
            guard storage.state == .suspended || storage.state == .running else { return (false, nil) }
            storage.state = .canceling
            storage.held.removeAll()
            return (true, storage.connection)
        }
        guard claimed else { return }
        session.runtime.record(.operationCancelled(operation: traceName))
        connection?.cancel()
        complete(with: .url(NetError(.cancelled, failingURL: originalRequest.url.description)))
    }

    /// Marks the task completed and queues `URLSession:task:didCompleteWithError:`, once.
    private func complete(with error: OperationError?) {
        let first = storage.withLock { storage -> Bool in
            guard storage.state != .completed else { return false }
            storage.state = .completed
            storage.error = error
            return true
        }
        guard first else { return }
        session.deliver("\(traceName) didCompleteWithError") { $0.session(self.session, task: self, didCompleteWithError: error) }
    }

    // MARK: ConnectionDelegate (the loader thread)

    /// Records the response, then queues `URLSession:dataTask:didReceiveResponse:`, or holds
    /// it while the task is suspended.
    public func connection(_ connection: Connection, didReceive response: HTTPResponseHead) {
        storage.withLock { $0.response = response }
        receive(.response(response))
    }

    /// Queues `URLSession:dataTask:didReceiveData:`, or holds it while the task is suspended.
    public func connection(_ connection: Connection, didReceive data: [UInt8]) {
        receive(.data(data))
    }

    /// Completes the task without an error, or holds the completion while it is suspended.
    public func connectionDidFinishLoading(_ connection: Connection) {
        receive(.finished(nil))
    }

    /// Completes the task with the connection's error, or holds the completion while it is
    /// suspended.
    public func connection(_ connection: Connection, didFailWithError error: NetError) {
        receive(.finished(.url(error)))
    }
}
