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
public final class SessionTask: ConnectionDelegate, TraceNamed, CustomStringConvertible, Sendable {
    private struct Storage {
        var state = SessionTaskState.suspended
        var connection: Connection?
        var response: HTTPResponseHead?
        var error: OperationError?
        var taskDescription: String?
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
    /// The resume (`NSURLSessionTask`'s own): from suspended, creates the connection on the
    /// first call, schedules it on the loader thread's loop and starts it; a task cancelled
    /// while its connection was being made cancels the connection instead. Any other state:
    /// nothing. Live, when the loader thread's loop could not be set up (no descriptor left,
    /// `EMFILE`), the task completes at once with that error.
    public func resume() {
        let before = state
        // `[self af_resume]`, the original `resume`, is a separate call: another thread may
        // read the state or resume in between.
        session.runtime.schedulingPoint(
            before: VisibleOperation(.readModifyWrite, on: storage.object), SchedulingPointLabel("resume", on: traceName))
        resumeTask()
        if before != .running {
            NotificationCenter.default(in: session.runtime).post(name: .sessionTaskDidResume, object: self)
        }
    }

    /// `NSURLSessionTask`'s own `resume`, which ``resume()`` wraps.
    private func resumeTask() {
        let claimed = storage.withLock { storage -> Bool in
            guard storage.state == .suspended, storage.connection == nil else { return false }
            storage.state = .running
            return true
        }
        guard claimed else { return }
        let connection = Connection(request: originalRequest, delegate: self, startImmediately: false, server: session.server)
        let stillRunning = storage.withLock { storage -> Bool in
            storage.connection = connection
            return storage.state == .running
        }
        guard stillRunning else {
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

    /// `cancel`: a task that has not completed becomes canceling (traced as
    /// `operation.cancel task N`), its connection (if any) is cancelled, and it completes
    /// with `NSURLErrorCancelled`.
    public func cancel() {
        let (claimed, connection) = storage.withLock { storage -> (Bool, Connection?) in
            guard storage.state == .suspended || storage.state == .running else { return (false, nil) }
            storage.state = .canceling
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

    /// Records the response, then queues `URLSession:dataTask:didReceiveResponse:`.
    public func connection(_ connection: Connection, didReceive response: HTTPResponseHead) {
        storage.withLock { $0.response = response }
        session.deliver("\(traceName) didReceiveResponse") { $0.session(self.session, dataTask: self, didReceive: response) }
    }

    /// Queues `URLSession:dataTask:didReceiveData:`.
    public func connection(_ connection: Connection, didReceive data: [UInt8]) {
        session.deliver("\(traceName) didReceiveData") { $0.session(self.session, dataTask: self, didReceive: data) }
    }

    /// Completes the task without an error.
    public func connectionDidFinishLoading(_ connection: Connection) {
        complete(with: nil)
    }

    /// Completes the task with the connection's error.
    public func connection(_ connection: Connection, didFailWithError error: NetError) {
        complete(with: .url(error))
    }
}
