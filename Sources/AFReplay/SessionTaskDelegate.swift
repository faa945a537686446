import LabRuntime
import NetSim
import RunLoopKit

/// `AFURLSessionManagerTaskDelegate`: what a ``SessionManager`` keeps per task, in its
/// `mutableTaskDelegatesKeyedByTaskIdentifier` (spec §4).
///
/// It holds the manager weakly, a `mutableData` accumulator, and the caller's completion
/// handler strongly. Its ``traceName``, `"delegate of task 3"`, is fixed when it is made for
/// task 3, so a trace shows which delegate a dictionary lookup actually reached.
///
/// On completion (on the delegate queue) it takes and nils `mutableData`, then:
/// - **with an error**: `dispatch_group_async`s the completion handler (response, nil,
///   error) to the manager's `completionGroup` (or `url_session_manager_completion_group`)
///   on its `completionQueue` (or main);
/// - **without**: dispatches to the concurrent queue
///   `"com.alamofire.networking.session.manager.processing"`, serializes the response there
///   with the manager's response serializer, then does the same group dispatch with the
///   object and the serialization error. Live, when that queue could not be started (no
///   descriptor left, `EMFILE`), the handler gets that error instead (`NSPOSIXErrorDomain`):
///   a failure of the lab's run-loop workers, which GCD's queues do not have.
///
/// Either way the completion block then posts ``Notification/Name/taskDidComplete`` about
/// the task, with an async dispatch to main.
public final class SessionTaskDelegate: TraceNamed, CustomStringConvertible, Sendable {
    private struct Storage {
        weak var manager: SessionManager?
        var mutableData: [UInt8]? = []
    }

    /// `"delegate of task 3"`.
    public let traceName: String
    /// The identifier of the task the delegate was made for.
    public let taskIdentifier: Int
    private let completionHandler: SessionManager.CompletionHandler?
    private let storage: VisibleMutex<Storage>

    init(manager: SessionManager, taskIdentifier: Int, completionHandler: SessionManager.CompletionHandler?) {
        traceName = Self.traceName(forTaskNamed: SessionTask.traceName(identifier: taskIdentifier))
        self.taskIdentifier = taskIdentifier
        self.completionHandler = completionHandler
        storage = VisibleMutex(Storage(manager: manager), runtime: manager.runtime)
    }

    /// The delegate's trace name.
    public var description: String { traceName }

    /// `"delegate of task 3"`: the trace name of the delegate made for the task that traces
    /// call `task`. The callback ledger reads it to tell a task's own delegate from another's.
    public static func traceName(forTaskNamed task: String) -> String { "delegate of \(task)" }

    /// `URLSession:dataTask:didReceiveData:`: appends to `mutableData`.
    func didReceive(_ data: [UInt8]) {
        storage.withLock { $0.mutableData?.append(contentsOf: data) }
    }

    /// `URLSession:task:didCompleteWithError:` (USM.m ~1003-1018; see the type's discussion).
    func didComplete(task: SessionTask, error: OperationError?) {
        let (manager, data) = storage.withLock { storage in
            defer { storage.mutableData = nil }
            return (storage.manager, storage.mutableData)
        }
        let runtime = task.session.runtime
        let completionHandler = completionHandler
        // The manager's group and queue are read where USM.m dispatches the handler: here on
        // an error, in the processing block on success.
        let finish: @Sendable (ResponseObject?, OperationError?) -> Void = { object, failure in
            let group = manager?.completionGroup ?? SharedDispatchObjects.urlSessionManagerCompletionGroup(in: runtime)
            let queue = manager?.completionQueue ?? MainQueue.shared(in: runtime)
            group.async(queue: queue, label: "completionHandler of \(task)") {
                runtime.record(.completion(operation: task.traceName, block: "completionHandler"))
                completionHandler?(task.response, object, failure)
                let center = NotificationCenter.default(in: runtime)
                MainQueue.shared(in: runtime).async(label: "post TaskDidComplete \(task)") {
                    center.post(name: .taskDidComplete, object: task)
                }
            }
        }
        if let error {
            finish(nil, error)
            return
        }
        let processing: DispatchQueueModel
        do throws(RunLoopError) {
            processing = try SharedDispatchObjects.urlSessionManagerProcessingQueue(in: runtime)
        } catch {
            finish(nil, .serviceThreadUnavailable(error))
            return
        }
        processing.async(label: "serialize response of \(task)") {
            let (object, failure) = manager?.responseSerializer.responseObject(for: task.response, data: data) ?? (nil, nil)
            finish(object, failure.map(OperationError.serialization))
        }
    }
}
