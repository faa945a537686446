import LabRuntime
import NetSim
import RunLoopKit

/// `AFHTTPRequestOperationManager` of AFNetworking 2.6.3 (HROM.m, spec §3.17): a base URL,
/// request and response serializers, and a plain operation queue on which every request
/// operation it makes is scheduled and run.
///
/// Each of ``GET(_:parameters:success:failure:)``, ``HEAD(_:parameters:success:failure:)``,
/// ``POST(_:parameters:success:failure:)``, ``PUT(_:parameters:success:failure:)`` and
/// ``DELETE(_:parameters:success:failure:)``:
/// 1. builds the request with ``requestSerializer``, resolving the URL string against
///    ``baseURL``;
/// 2. builds an ``HTTPRequestOperation`` for it (``httpRequestOperation(with:success:failure:)``),
///    copying ``responseSerializer``, ``completionQueue`` and ``completionGroup`` to it and
///    installing success and failure with `setCompletionBlockWithSuccess:failure:`;
/// 3. adds it to ``operationQueue`` at once and returns it.
///
/// When the request cannot be built, the manager dispatches `failure(nil, error)` to
/// ``completionQueue`` (or the main queue) and returns nil. ``operationQueue`` has the
/// default concurrency (no limit), as HROM.m never sets `maxConcurrentOperationCount`.
public final class HTTPRequestOperationManager: Sendable {
    /// A success block: the operation and its `responseObject`.
    public typealias Success = @Sendable (HTTPRequestOperation, ResponseObject?) -> Void
    /// A failure block: the operation (nil when the request could not be built) and the error.
    public typealias Failure = @Sendable (HTTPRequestOperation?, OperationError) -> Void

    private struct Settings: Sendable {
        var requestSerializer = HTTPRequestSerializer()
        var responseSerializer: any ResponseSerializer = JSONResponseSerializer()
        var completionQueue: (any LabDispatchQueue)?
        var completionGroup: DispatchGroupModel?
    }

    /// The URL relative URL strings are resolved against (`baseURL`); a base with a path
    /// always ends in `/`, so `relativeToURL:` appends to it.
    public let baseURL: LabURL?
    /// The server the operations' connections dial.
    public let server: LoopbackServer
    /// The fidelity of the operations the manager makes.
    public let fidelity: Fidelity
    /// `operationQueue`: "the operation queue on which request operations are scheduled and
    /// run" (HROM.h), with the default concurrency.
    public let operationQueue: LabOperationQueue
    private let runtime: any Runtime
    private let settings: VisibleMutex<Settings>

    /// `initWithBaseURL:` in the caller's runtime: a base URL whose path lacks a final `/`
    /// gets one (`URLByAppendingPathComponent:@""`), the serializers are
    /// ``HTTPRequestSerializer`` and ``JSONResponseSerializer``, and a fresh operation queue
    /// named `name` is made.
    ///
    /// Live, throws `RunLoopError.systemCallFailed` when the queue's workers could not be
    /// started (no descriptor left, `EMFILE`; ``LabOperationQueue/init(name:maxConcurrentOperationCount:workerCount:)``).
    public init(
        baseURL: LabURL?, server: LoopbackServer, fidelity: Fidelity = .afn263,
        name: String = "AFHTTPRequestOperationManager"
    ) throws(RunLoopError) {
        self.baseURL = baseURL.map { base in
            guard base.query == nil, !base.pathAndQuery.hasSuffix("/") else { return base }
            return LabURL(host: base.host, port: base.port, pathAndQuery: base.pathAndQuery + "/") ?? base
        }
        self.server = server
        self.fidelity = fidelity
        runtime = currentRuntime()
        settings = VisibleMutex(Settings(), runtime: runtime)
        operationQueue = try LabOperationQueue(name: "\(name) queue")
    }

    /// `requestSerializer`: how requests are built.
    public var requestSerializer: HTTPRequestSerializer {
        get { settings.withLock { $0.requestSerializer } }
        set { settings.withLock { $0.requestSerializer = newValue } }
    }

    /// `responseSerializer`, copied to every operation: a ``JSONResponseSerializer`` by default.
    public var responseSerializer: any ResponseSerializer {
        get { settings.withLock { $0.responseSerializer } }
        set { settings.withLock { $0.responseSerializer = newValue } }
    }

    /// `completionQueue`, copied to every operation; nil means the main queue.
    public var completionQueue: (any LabDispatchQueue)? {
        get { settings.withLock { $0.completionQueue } }
        set { settings.withLock { $0.completionQueue = newValue } }
    }

    /// `completionGroup`, copied to every operation; nil means the operations' shared groups.
    public var completionGroup: DispatchGroupModel? {
        get { settings.withLock { $0.completionGroup } }
        set { settings.withLock { $0.completionGroup = newValue } }
    }

    /// `HTTPRequestOperationWithRequest:success:failure:`: an operation for `request` with the
    /// manager's response serializer, completion queue and group, and success/failure
    /// installed. It is not queued.
    public func httpRequestOperation(with request: HTTPRequest, success: Success?, failure: Failure?) -> HTTPRequestOperation {
        let operation = HTTPRequestOperation(request: request, server: server, fidelity: fidelity)
        let settings = settings.withLock { $0 }
        operation.responseSerializer = settings.responseSerializer
        var operationFailure: (@Sendable (HTTPRequestOperation, OperationError) -> Void)?
        if let failure {
            operationFailure = { operation, error in failure(operation, error) }
        }
        operation.setCompletionBlockWithSuccess(success, failure: operationFailure)
        operation.completionQueue = settings.completionQueue
        operation.completionGroup = settings.completionGroup
        return operation
    }

    /// `GET:parameters:success:failure:`; parameters go into the query string.
    // swift-format-ignore: AlwaysUseLowerCamelCase
    // AFHTTPRequestOperationManager's own name.
    @discardableResult
    public func GET(
        _ urlString: String, parameters: [String: String]? = nil,
        success: Success?, failure: Failure?
    ) -> HTTPRequestOperation? {
        enqueue("GET", urlString, parameters: parameters, success: success, failure: failure)
    }

    /// `HEAD:parameters:success:failure:`: success gets only the operation.
    // swift-format-ignore: AlwaysUseLowerCamelCase
    // AFHTTPRequestOperationManager's own name.
    @discardableResult
    public func HEAD(
        _ urlString: String, parameters: [String: String]? = nil,
        success: (@Sendable (HTTPRequestOperation) -> Void)?, failure: Failure?
    ) -> HTTPRequestOperation? {
        enqueue("HEAD", urlString, parameters: parameters, success: { operation, _ in success?(operation) }, failure: failure)
    }

    /// `POST:parameters:success:failure:`; parameters form a URL-encoded body.
    // swift-format-ignore: AlwaysUseLowerCamelCase
    // AFHTTPRequestOperationManager's own name.
    @discardableResult
    public func POST(
        _ urlString: String, parameters: [String: String]? = nil,
        success: Success?, failure: Failure?
    ) -> HTTPRequestOperation? {
        enqueue("POST", urlString, parameters: parameters, success: success, failure: failure)
    }

    /// `PUT:parameters:success:failure:`; parameters form a URL-encoded body.
    // swift-format-ignore: AlwaysUseLowerCamelCase
    // AFHTTPRequestOperationManager's own name.
    @discardableResult
    public func PUT(
        _ urlString: String, parameters: [String: String]? = nil,
        success: Success?, failure: Failure?
    ) -> HTTPRequestOperation? {
        enqueue("PUT", urlString, parameters: parameters, success: success, failure: failure)
    }

    /// `DELETE:parameters:success:failure:`; parameters go into the query string.
    // swift-format-ignore: AlwaysUseLowerCamelCase
    // AFHTTPRequestOperationManager's own name.
    @discardableResult
    public func DELETE(
        _ urlString: String, parameters: [String: String]? = nil,
        success: Success?, failure: Failure?
    ) -> HTTPRequestOperation? {
        enqueue("DELETE", urlString, parameters: parameters, success: success, failure: failure)
    }

    /// The shared body of the five methods: build, or fail asynchronously and return nil.
    private func enqueue(
        _ method: String, _ urlString: String, parameters: [String: String]?,
        success: Success?, failure: Failure?
    ) -> HTTPRequestOperation? {
        let request: HTTPRequest
        do throws(RequestSerializationError) {
            request = try requestSerializer.request(method: method, urlString: urlString, relativeTo: baseURL, parameters: parameters)
        } catch {
            if let failure {
                let runtime = runtime
                let queue = completionQueue ?? MainQueue.shared(in: runtime)
                queue.async(label: "failure of \(method) \(urlString)") {
                    runtime.record(.completion(operation: "nil", block: "failure"))
                    failure(nil, .requestSerialization(error))
                }
            }
            return nil
        }
        let operation = httpRequestOperation(with: request, success: success, failure: failure)
        operationQueue.addOperation(operation)
        return operation
    }
}
