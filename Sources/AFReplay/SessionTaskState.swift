/// `NSURLSessionTaskState`: where a ``SessionTask`` is in its life (spec §4).
public enum SessionTaskState: String, Sendable, CaseIterable {
    /// `NSURLSessionTaskStateRunning`: resumed, its connection under way.
    case running
    /// `NSURLSessionTaskStateSuspended`: how every task is created, and where
    /// ``SessionTask/suspend()`` puts a running one; the caller resumes it.
    case suspended
    /// `NSURLSessionTaskStateCanceling`: cancelled, its completion not yet delivered.
    case canceling
    /// `NSURLSessionTaskStateCompleted`: its completion has been handed to the delegate queue.
    case completed
}
