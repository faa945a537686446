import LabRuntime

/// AFNetworking's process-wide GCD objects (spec §1.5, §4), one of each per runtime, created
/// lazily like the `dispatch_once` functions that make them in UCO.m, HRO.m and USM.m.
public enum SharedDispatchObjects {
    private static let urlRequestOperationCompletionGroups = RuntimeLocal<DispatchGroupModel>(
        "url_request_operation_completion_group"
    ) { runtime in DispatchGroupModel(label: "url_request_operation_completion_group", runtime: runtime) }

    private static let urlRequestOperationCompletionQueues = RuntimeLocal<DispatchQueueModel>(
        "com.alamofire.networking.operation.queue"
    ) { runtime in DispatchQueueModel(label: "com.alamofire.networking.operation.queue", width: 2, runtime: runtime) }

    private static let httpRequestOperationProcessingQueues = RuntimeLocal<DispatchQueueModel>(
        "com.alamofire.networking.http-request.processing"
    ) { runtime in DispatchQueueModel(label: "com.alamofire.networking.http-request.processing", width: 2, runtime: runtime) }

    private static let httpRequestOperationCompletionGroups = RuntimeLocal<DispatchGroupModel>(
        "http_request_operation_completion_group"
    ) { runtime in DispatchGroupModel(label: "http_request_operation_completion_group", runtime: runtime) }

    private static let urlSessionManagerCreationQueues = RuntimeLocal<DispatchQueueModel>(
        "com.alamofire.networking.session.manager.creation"
    ) { runtime in DispatchQueueModel(label: "com.alamofire.networking.session.manager.creation", width: 1, runtime: runtime) }

    private static let urlSessionManagerProcessingQueues = RuntimeLocal<DispatchQueueModel>(
        "com.alamofire.networking.session.manager.processing"
    ) { runtime in DispatchQueueModel(label: "com.alamofire.networking.session.manager.processing", width: 2, runtime: runtime) }

    private static let urlSessionManagerCompletionGroups = RuntimeLocal<DispatchGroupModel>(
        "url_session_manager_completion_group"
    ) { runtime in DispatchGroupModel(label: "url_session_manager_completion_group", runtime: runtime) }

    /// `url_request_operation_completion_group()`: the default group of the completion-block
    /// wrapper (spec §3.12). Shared by every operation, so nil-ing a completion block waits
    /// until all completion work that uses it has drained.
    public static func urlRequestOperationCompletionGroup(in runtime: any Runtime = currentRuntime()) -> DispatchGroupModel {
        urlRequestOperationCompletionGroups.value(in: runtime)
    }

    /// `url_request_operation_completion_queue()`, labelled
    /// `"com.alamofire.networking.operation.queue"`: the concurrent queue on which the
    /// completion block is nil'd (spec §3.12).
    public static func urlRequestOperationCompletionQueue(in runtime: any Runtime = currentRuntime()) -> DispatchQueueModel {
        urlRequestOperationCompletionQueues.value(in: runtime)
    }

    /// `http_request_operation_processing_queue()`, labelled
    /// `"com.alamofire.networking.http-request.processing"`: the concurrent queue where
    /// ``HTTPRequestOperation`` serializes its response (spec §3.13).
    public static func httpRequestOperationProcessingQueue(in runtime: any Runtime = currentRuntime()) -> DispatchQueueModel {
        httpRequestOperationProcessingQueues.value(in: runtime)
    }

    /// `http_request_operation_completion_group()`: the default group for dispatching
    /// success and failure (spec §3.13).
    public static func httpRequestOperationCompletionGroup(in runtime: any Runtime = currentRuntime()) -> DispatchGroupModel {
        httpRequestOperationCompletionGroups.value(in: runtime)
    }

    /// `url_session_manager_creation_queue()`, labelled
    /// `"com.alamofire.networking.session.manager.creation"`: the **serial** queue on which
    /// ``SessionManager`` creates tasks with `dispatch_sync` (spec §4).
    public static func urlSessionManagerCreationQueue(in runtime: any Runtime = currentRuntime()) -> DispatchQueueModel {
        urlSessionManagerCreationQueues.value(in: runtime)
    }

    /// `url_session_manager_processing_queue()`, labelled
    /// `"com.alamofire.networking.session.manager.processing"`: the concurrent queue where a
    /// session task delegate serializes a successful response (spec §4).
    public static func urlSessionManagerProcessingQueue(in runtime: any Runtime = currentRuntime()) -> DispatchQueueModel {
        urlSessionManagerProcessingQueues.value(in: runtime)
    }

    /// `url_session_manager_completion_group()`: the group a session task's completion
    /// handler joins when the manager has no `completionGroup` (spec §4).
    public static func urlSessionManagerCompletionGroup(in runtime: any Runtime = currentRuntime()) -> DispatchGroupModel {
        urlSessionManagerCompletionGroups.value(in: runtime)
    }
}
