import LabRuntime
import RunLoopKit

/// AFNetworking's process-wide GCD objects (spec §1.5, §4), one of each per runtime, created
/// lazily like the `dispatch_once` functions that make them in UCO.m, HRO.m and USM.m.
///
/// Live, a queue whose workers' loops could not be set up (no descriptor left, `EMFILE`)
/// is not made: its accessor throws `RunLoopError.systemCallFailed`, then and at
/// every later use in the runtime, as ``DispatchQueueModel/init(label:width:runtime:)``
/// does: GCD's queues need no descriptor, so this is the lab's failure only.
public enum SharedDispatchObjects {
    private static let urlRequestOperationCompletionGroups = RuntimeLocal<DispatchGroupModel>(
        "url_request_operation_completion_group"
    ) { runtime in DispatchGroupModel(label: "url_request_operation_completion_group", runtime: runtime) }

    private static let urlRequestOperationCompletionQueues = sharedQueue("com.alamofire.networking.operation.queue", width: 2)

    private static let httpRequestOperationProcessingQueues = sharedQueue("com.alamofire.networking.http-request.processing", width: 2)

    private static let httpRequestOperationCompletionGroups = RuntimeLocal<DispatchGroupModel>(
        "http_request_operation_completion_group"
    ) { runtime in DispatchGroupModel(label: "http_request_operation_completion_group", runtime: runtime) }

    private static let urlSessionManagerCreationQueues = sharedQueue("com.alamofire.networking.session.manager.creation", width: 1)

    private static let urlSessionManagerProcessingQueues = sharedQueue("com.alamofire.networking.session.manager.processing", width: 2)

    private static let urlSessionManagerCompletionGroups = RuntimeLocal<DispatchGroupModel>(
        "url_session_manager_completion_group"
    ) { runtime in DispatchGroupModel(label: "url_session_manager_completion_group", runtime: runtime) }

    /// A queue labelled `label` with `width` workers, one per runtime, started on first use.
    private static func sharedQueue(_ label: String, width: Int) -> RuntimeLocal<OnceStarted<DispatchQueueModel>> {
        RuntimeLocal(label) { runtime in
            OnceStarted { () throws(RunLoopError) in try DispatchQueueModel(label: label, width: width, runtime: runtime) }
        }
    }

    /// `url_request_operation_completion_group()`: the default group of the completion-block
    /// wrapper (spec §3.12). Shared by every operation, so nil-ing a completion block waits
    /// until all completion work that uses it has drained.
    public static func urlRequestOperationCompletionGroup(in runtime: any Runtime = currentRuntime()) -> DispatchGroupModel {
        urlRequestOperationCompletionGroups.value(in: runtime)
    }

    /// `url_request_operation_completion_queue()`, labelled
    /// `"com.alamofire.networking.operation.queue"`: the concurrent queue on which the
    /// completion block is nil'd (spec §3.12).
    public static func urlRequestOperationCompletionQueue(
        in runtime: any Runtime = currentRuntime()
    ) throws(RunLoopError) -> DispatchQueueModel {
        try urlRequestOperationCompletionQueues.value(in: runtime).get()
    }

    /// `http_request_operation_processing_queue()`, labelled
    /// `"com.alamofire.networking.http-request.processing"`: the concurrent queue where
    /// ``HTTPRequestOperation`` serializes its response (spec §3.13).
    public static func httpRequestOperationProcessingQueue(
        in runtime: any Runtime = currentRuntime()
    ) throws(RunLoopError) -> DispatchQueueModel {
        try httpRequestOperationProcessingQueues.value(in: runtime).get()
    }

    /// `http_request_operation_completion_group()`: the default group for dispatching
    /// success and failure (spec §3.13).
    public static func httpRequestOperationCompletionGroup(in runtime: any Runtime = currentRuntime()) -> DispatchGroupModel {
        httpRequestOperationCompletionGroups.value(in: runtime)
    }

    /// `url_session_manager_creation_queue()`, labelled
    /// `"com.alamofire.networking.session.manager.creation"`: the **serial** queue on which
    /// ``SessionManager`` creates tasks with `dispatch_sync` (spec §4).
    public static func urlSessionManagerCreationQueue(in runtime: any Runtime = currentRuntime()) throws(RunLoopError) -> DispatchQueueModel
    {
        try urlSessionManagerCreationQueues.value(in: runtime).get()
    }

    /// `url_session_manager_processing_queue()`, labelled
    /// `"com.alamofire.networking.session.manager.processing"`: the concurrent queue where a
    /// session task delegate serializes a successful response (spec §4).
    public static func urlSessionManagerProcessingQueue(
        in runtime: any Runtime = currentRuntime()
    ) throws(RunLoopError) -> DispatchQueueModel {
        try urlSessionManagerProcessingQueues.value(in: runtime).get()
    }

    /// `url_session_manager_completion_group()`: the group a session task's completion
    /// handler joins when the manager has no `completionGroup` (spec §4).
    public static func urlSessionManagerCompletionGroup(in runtime: any Runtime = currentRuntime()) -> DispatchGroupModel {
        urlSessionManagerCompletionGroups.value(in: runtime)
    }
}
