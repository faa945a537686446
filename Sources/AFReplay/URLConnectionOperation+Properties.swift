import NetSim
import RunLoopKit

extension URLConnectionOperation {
    /// The request the next connection sends (`request`, nonatomic, read and written without
    /// the lock: a lab cell). ``HTTPRequestOperation``'s `pause` replaces it with a Range
    /// request.
    public var request: HTTPRequest {
        get { shared.request.load() }
        set { shared.request.store(newValue) }
    }

    /// The latest response head (`response`); after an HTTP resume, the 206's.
    public var response: HTTPResponseHead? { shared.response.load() }

    func setError(_ error: OperationError) {
        shared.error.store(error)
    }

    /// The body collected in memory, set when loading finishes (`responseData`).
    public var responseData: [UInt8]? { shared.responseData.load() }

    /// `setResponseData:` (locked, spec §3.10).
    func setResponseData(_ data: [UInt8]?) {
        lock.withLock { shared.responseData.store(data) }
    }

    /// The modes of the four hops and of the connection's scheduling (`runLoopModes`,
    /// spec §1.2): `[.common]` by default. A set without the default mode or the common
    /// modes is never served by the network thread. Duplicates are dropped, order kept.
    public var runLoopModes: [RunLoopMode] {
        get { storage.withLock { $0.runLoopModes } }
        set {
            let unique = newValue.reduce(into: [RunLoopMode]()) { if !$0.contains($1) { $0.append($1) } }
            storage.withLock { $0.runLoopModes = unique }
        }
    }

    /// Bytes received so far (`totalBytesRead`): changed only on the main queue, never
    /// reset by pause, resume, cancel or start (spec §3.11).
    public var totalBytesRead: Int64 { shared.totalBytesRead.load() }

    /// `setDownloadProgressBlock:`: called on main after each chunk with the chunk's length,
    /// ``totalBytesRead`` and the latest response's expected length (−1 when unknown).
    public var downloadProgress: (@Sendable (_ bytesRead: Int, _ totalBytesRead: Int64, _ totalBytesExpectedToRead: Int64) -> Void)? {
        get { storage.withLock { $0.downloadProgress } }
        set { storage.withLock { $0.downloadProgress = newValue } }
    }

    /// Where completion work runs (`completionQueue`); `nil` means the main queue.
    public var completionQueue: (any LabDispatchQueue)? {
        get { storage.withLock { $0.completionQueue } }
        set { storage.withLock { $0.completionQueue = newValue } }
    }

    /// The group completion work joins (`completionGroup`); `nil` means the shared
    /// ``SharedDispatchObjects/urlRequestOperationCompletionGroup(in:)``.
    public var completionGroup: DispatchGroupModel? {
        get { storage.withLock { $0.completionGroup } }
        set { storage.withLock { $0.completionGroup = newValue } }
    }

    /// The live connection, if any (`connection`). `pause` does not clear it.
    var connection: Connection? {
        get { shared.connection.load() }
        set { shared.connection.store(newValue) }
    }

    /// Whether the operation holds a connection now (`connection != nil`): set by
    /// `operationDidStart`, cleared when loading finishes or fails, kept by `pause`.
    public var hasConnection: Bool { connection != nil }

    /// The requests the operation's connections were made with, in order: each
    /// connection's `originalRequest`, which the lab keeps after AFNetworking lets the
    /// connection go. A resumed HTTP operation's second request carries its Range and
    /// If-Range headers.
    public var sentRequests: [HTTPRequest] { storage.withLock { $0.sentRequests.elements } }

    // MARK: Redirects (spec §3.10)

    /// `setRedirectResponseBlock:`: the block `connection:willSendRequest:redirectResponse:`
    /// calls on the network thread for each redirect; it returns the request to send (the
    /// proposed one, or a rewritten one) or nil to keep the redirect response as the final
    /// one. Nil (the default) follows every redirect.
    public func setRedirectResponseBlock(_ block: RedirectResponseBlock?) {
        storage.withLock { $0.redirectResponse = block }
    }

    /// Every redirect its connections were offered, in order, with the answer.
    public var redirects: [RedirectHop] { storage.withLock { $0.redirects } }

    /// The URL of the latest response (`response.URL`): after followed redirects, the last
    /// one's target. Nil before a response arrived.
    public var responseURL: LabURL? { storage.withLock { $0.responseURL } }

    // MARK: Output stream (spec §3.11)

    /// The output stream set now, read without the lazy getter (which would create one):
    /// nil before `operationDidStart` unless one was set, and again once an in-memory body
    /// has been moved to ``responseData``.
    public var currentOutputStream: (any LabOutputStream)? { shared.outputStream.load() }

    /// The stream the body is written to (`outputStream`). The getter is not locked and
    /// lazily creates a `MemoryOutputStream` through the locked setter when there is
    /// none (UCO.m 268-274), so two threads can both create one.
    public var outputStream: any LabOutputStream {
        if let stream = shared.outputStream.load() { return stream }
        let made = MemoryOutputStream()
        setOutputStream(made)
        return shared.outputStream.load() ?? made
    }

    /// `setOutputStream:` (locked, UCO.m 276-286): a different stream closes the current one
    /// and replaces it; `nil` clears it. Set a `FileOutputStream` before starting to
    /// download to a file.
    public func setOutputStream(_ stream: (any LabOutputStream)?) {
        lock.withLock {
            let old = shared.outputStream.load()
            guard old !== stream else { return }
            shared.outputStream.store(stream)
            old?.close()
        }
    }
}
