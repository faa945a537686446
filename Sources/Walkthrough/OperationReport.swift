import AFReplay
import LabRuntime
import NetSim

/// An operation's state when the run ended, and what the trace says happened to it: what
/// `expect A.…` and `notifications(A)` lines read.
public struct OperationReport: Sendable {
    /// The scenario's name for it, e.g. `A`.
    public let name: String
    /// The name its trace events use, e.g. `op A`.
    public let traceName: String
    /// Its final state.
    public let state: OperationState
    /// Whether it was cancelled.
    public let isCancelled: Bool
    /// The error it ended with, if any.
    public let error: OperationError?
    /// `totalBytesRead`: the bytes counted on main by progress updates.
    public let bytes: Int64
    /// `responseData`, if it was set.
    public let responseData: [UInt8]?
    /// The length of `responseData`, if it was set.
    public var dataLength: Int? { responseData?.count }
    /// The status code of its latest response, if one arrived.
    public let status: Int?
    /// The AFNetworking notifications posted about it, in order: `DidStart`, `DidFinish`
    /// (or the notification's full name for others).
    public private(set) var notifications: [String] = []
    /// The completion blocks that ran for it, in order, as the trace names them:
    /// `success`, `failure`, `completion block`, `completionBlock`, …
    public private(set) var completions: [String] = []
    /// The requests its connections were made with, in order (each connection's
    /// `originalRequest`).
    public let sentRequests: [HTTPRequest]
    /// Every call of its download-progress block, in order.
    public let progressCalls: [ProgressCall]
    /// Whether it still held a connection (`connection != nil`).
    public let hasConnection: Bool
    /// The scenario's name for the output stream it held, `set` for one the operation made
    /// itself, nil for none.
    public let outputStreamName: String?
    /// Whether its `completionBlock` was set.
    public let hasCompletionBlock: Bool
    /// Whether it was among the queue's operations.
    public let isQueued: Bool
    /// Every redirect its connections were offered, with the answer, in order.
    public let redirects: [RedirectHop]
    /// The URL of its latest response (`response.URL`), if one arrived.
    public let responseURL: LabURL?

    /// The report of `operation`, called `name` in the scenario, as it is now: its progress
    /// block has been called with `progressCalls`, it is (or is not) in the queue, and it
    /// holds the stream named `outputStreamName`. The
    /// notifications and completions come from a trace, through ``reading(_:)``.
    init(name: String, operation: URLConnectionOperation, progressCalls: [ProgressCall], isQueued: Bool, outputStreamName: String?) {
        self.name = name
        traceName = operation.name
        state = operation.state
        isCancelled = operation.isCancelled
        error = operation.error
        bytes = operation.totalBytesRead
        responseData = operation.responseData
        sentRequests = operation.sentRequests
        self.progressCalls = progressCalls
        hasConnection = operation.hasConnection
        self.outputStreamName = outputStreamName
        hasCompletionBlock = operation.completionBlock != nil
        self.isQueued = isQueued
        status = operation.response?.statusCode
        redirects = operation.redirects
        responseURL = operation.responseURL
    }

    /// The report of `op NAME = block`, an `NSBlockOperation`: NSOperation's own state
    /// (`ready`, `executing` or `finished`), its cancellation and its queue membership; it
    /// has no request, so no response, data or error.
    init(name: String, blockOperation operation: LabOperation, isQueued: Bool) {
        self.name = name
        traceName = operation.name
        state = operation.isFinished ? .finished : operation.isExecuting ? .executing : .ready
        isCancelled = operation.isCancelled
        error = nil
        bytes = 0
        responseData = nil
        sentRequests = []
        progressCalls = []
        hasConnection = false
        outputStreamName = nil
        hasCompletionBlock = operation.completionBlock != nil
        self.isQueued = isQueued
        status = nil
        redirects = []
        responseURL = nil
    }

    /// This report with the notifications and completions `trace` records about the
    /// operation.
    func reading(_ trace: [TraceEvent]) -> OperationReport {
        var report = self
        let traceName = traceName
        report.notifications = trace.compactMap { event in
            guard case let .notificationPosted(name, object) = event.kind, object == traceName else { return nil }
            return Notification.Name(name).shortName
        }
        report.completions = trace.compactMap { event in
            guard case let .completion(operation, block) = event.kind, operation == traceName else { return nil }
            return block
        }
        return report
    }

    /// `none`, the NSURLError name (`cancelled`, `timedOut`, …) or the error's domain kind
    /// (`stream`, `serialization`, `requestSerialization`).
    public var errorName: String {
        switch error {
        case nil: "none"
        case let .url(error)?: "\(error.code)"
        case .stream?: "stream"
        case .serialization?: "serialization"
        case .requestSerialization?: "requestSerialization"
        }
    }

    /// Which user-level completion ran: `success`, `failure`, both joined by `+`, `block`
    /// when only a completion block ran, or `none`.
    public var completionName: String { Self.completionName(of: completions) }

    /// The ``completionName`` of an operation whose completion blocks, as the trace names
    /// them, were `completions`.
    public static func completionName(of completions: [String]) -> String {
        let outcomes = ["success", "failure"].filter(completions.contains)
        if !outcomes.isEmpty { return outcomes.joined(separator: "+") }
        return completions.isEmpty ? "none" : "block"
    }
}
