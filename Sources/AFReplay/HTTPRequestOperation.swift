import LabRuntime
import NetSim
import RunLoopKit

/// `AFHTTPRequestOperation` of AFNetworking 2.6.3 (HRO.m, spec §3.13, §3.14): a
/// ``URLConnectionOperation`` with a response serializer, success/failure blocks, and a
/// `pause` that prepares an HTTP Range resume.
///
/// It shares the superclass's operation lock (HRO.m declares it dynamic). ``error`` prefers
/// the serialization error to the connection's; ``responseObject`` is serialized lazily,
/// under the lock, the first time it is read after the operation finished without error.
public class HTTPRequestOperation: URLConnectionOperation, @unchecked Sendable {
    // @unchecked: the added state lives in `http`, a VisibleMutex.
    private struct HTTPStorage {
        var responseSerializer = HTTPStorage.defaultResponseSerializer
        var responseObject: ResponseObject?
        var responseSerializationError: ResponseSerializationError?

        /// An ``HTTPResponseSerializer``, boxed once: it is too large for an existential's
        /// inline buffer, and operations that share the box (copied on write) do not each
        /// allocate one.
        static let defaultResponseSerializer: any ResponseSerializer = HTTPResponseSerializer()
    }

    private let http = VisibleMutex(HTTPStorage(), runtime: currentRuntime())

    /// The serializer ``responseObject`` uses (`responseSerializer`); an
    /// ``HTTPResponseSerializer`` (raw data, status 200–299) by default.
    ///
    /// Setting it is HRO.m's `setResponseSerializer:`: under the operation lock, it replaces
    /// the serializer and clears ``responseObject`` and ``responseSerializationError``, so
    /// that the next read of ``responseObject`` serializes the response again with the new
    /// one. (2.6.3's `initWithRequest:` installs the default through the same setter; the
    /// lab's initializer installs it directly, as no other thread can see the operation yet.)
    public var responseSerializer: any ResponseSerializer {
        get { http.withLock { $0.responseSerializer } }
        set {
            lock.lock()
            http.withLock { http in
                http.responseSerializer = newValue
                http.responseObject = nil
                http.responseSerializationError = nil
            }
            lock.unlock()
        }
    }

    /// The serializer's error, once ``responseObject`` has been computed
    /// (`responseSerializationError`).
    public var responseSerializationError: ResponseSerializationError? {
        http.withLock { $0.responseSerializationError }
    }

    /// `error`: the serialization error if there is one, else the connection's (HRO.m).
    public override var error: OperationError? {
        if let serialization = responseSerializationError { return .serialization(serialization) }
        return super.error
    }

    /// `responseObject` (HRO.m): under the lab lock (so read it on a lab thread of the
    /// operation's runtime), if no object is cached, the operation is
    /// finished and there is no error, asks the serializer for one and keeps the
    /// serializer's error in ``responseSerializationError``. Returns the cached object.
    public var responseObject: ResponseObject? {
        lock.lock()
        defer { lock.unlock() }
        if http.withLock({ $0.responseObject == nil }), isFinished, error == nil {
            let (object, failure) = responseSerializer.responseObject(for: response, data: responseData)
            http.withLock { http in
                http.responseObject = object
                if let failure { http.responseSerializationError = failure }
            }
        }
        return http.withLock { $0.responseObject }
    }

    /// ``responseSerializer``, which HRO.m's `encodeWithCoder:`, `initWithCoder:` and
    /// `copyWithZone:` carry over.
    override var carriedResponseSerializer: (any ResponseSerializer)? {
        get { responseSerializer }
        set { if let newValue { responseSerializer = newValue } }
    }

    /// True: ``pause()`` points the request at the rest of the body.
    override var resumesWhereItLeftOff: Bool { true }

    /// `pause` (HRO.m 153-169, spec §3.14): `[super pause]`, then, **unconditionally**,
    /// point ``URLConnectionOperation/request`` at the rest of the body: `Range:
    /// bytes=<offset>-` (the stream's file offset, else its in-memory length, else 0) and,
    /// when the response had an ETag, `If-Range: <etag>`. Unlocked, on the caller's thread,
    /// before the network thread has cancelled the connection.
    ///
    /// ``Fidelity/hardened``: the update is queued, while the lock is held, onto the network
    /// thread right behind `operationDidPause`, so it runs there, and samples the stream,
    /// after the connection is dead (deviation 8).
    public override func pause() {
        if fidelity == .hardened {
            lock.lock()
            super.pause()
            performOnNetworkThread("updateRequestForResume") { self.updateRequestForResume() }
            lock.unlock()
            return
        }
        super.pause()
        updateRequestForResume()
    }

    /// The body of the pause override after `[super pause]`.
    private func updateRequestForResume() {
        let stream = outputStream
        let offset = stream.fileCurrentOffset ?? stream.dataWrittenToMemory?.count ?? 0
        var resumed = request
        if let etag = response?.headers["ETag"] { resumed.setValue(etag, forHTTPHeaderField: "If-Range") }
        resumed.setValue("bytes=\(offset)-", forHTTPHeaderField: "Range")
        request = resumed
    }

    /// `setCompletionBlockWithSuccess:failure:` (HRO.m 107-149, spec §3.13): sets
    /// `completionBlock` (so it runs through the wrapper of §3.12, on Q inside G) to a block
    /// that captures the operation strongly and
    /// 1. enters `completionGroup` if set;
    /// 2. dispatches to the processing queue `com.alamofire.networking.http-request.processing`,
    ///    where: with an ``error``, dispatches `failure`; otherwise reads ``responseObject``
    ///    (serializing under the lock), re-checks ``error``, and dispatches `failure` or
    ///    `success`: each to `completionGroup` (or `http_request_operation_completion_group`)
    ///    on `completionQueue` (or main);
    /// 3. leaves `completionGroup` if set.
    ///
    /// Live, when the processing queue could not be started (no descriptor left, `EMFILE`),
    /// step 2 dispatches `failure` with that error (`NSPOSIXErrorDomain`, see
    /// `OperationError.serviceThreadUnavailable`) instead. GCD's queues need no descriptor,
    /// so AFNetworking never fails here: the failure is the lab's, whose workers are
    /// run-loop threads.
    ///
    /// ``LabOperation/isCancelled`` is never consulted: a cancelled operation fails with
    /// −999, one marked cancelled after it finished succeeds. With default queues the user's
    /// block runs on main after four hops: NSOperation's completion thread, main, the
    /// processing queue, main.
    public func setCompletionBlockWithSuccess(
        _ success: (@Sendable (HTTPRequestOperation, ResponseObject?) -> Void)?,
        failure: (@Sendable (HTTPRequestOperation, OperationError) -> Void)?
    ) {
        completionBlock = {
            self.completionGroup?.enter()
            let processing: DispatchQueueModel
            do throws(RunLoopError) {
                processing = try SharedDispatchObjects.httpRequestOperationProcessingQueue(in: self.runtime)
            } catch {
                if let failure { self.dispatchCompletion("failure") { failure(self, .serviceThreadUnavailable(error)) } }
                self.completionGroup?.leave()
                return
            }
            processing.async(label: "process response of \(self.name)") {
                if let error = self.error {
                    if let failure { self.dispatchCompletion("failure") { failure(self, self.error ?? error) } }
                } else {
                    let responseObject = self.responseObject
                    if let error = self.error {
                        if let failure { self.dispatchCompletion("failure") { failure(self, self.error ?? error) } }
                    } else if let success {
                        self.dispatchCompletion("success") { success(self, responseObject) }
                    }
                }
                self.completionGroup?.leave()
            }
        }
    }

    /// `dispatch_group_async(completionGroup ?: http_request_operation_completion_group(),
    /// completionQueue ?: main, block)`, traced as the completion `kind` of the operation.
    private func dispatchCompletion(_ kind: String, _ block: @escaping @Sendable () -> Void) {
        let group = completionGroup ?? SharedDispatchObjects.httpRequestOperationCompletionGroup(in: runtime)
        let queue = completionQueue ?? MainQueue.shared(in: runtime)
        let (runtime, name) = (runtime, name)
        group.async(queue: queue, label: "\(kind) of \(name)") {
            runtime.record(.completion(operation: name, block: kind))
            block()
        }
    }
}
