import LabRuntime
import RunLoopKit
import Synchronization

/// A connection for one request: `NSURLConnection` over a real socket to the
/// ``LoopbackServer``, delivering ``ConnectionDelegate`` messages through a run loop.
///
/// As with `initWithRequest:delegate:startImmediately:NO`, schedule it with
/// ``schedule(in:forMode:)`` (once per mode, before starting), then ``start()`` from any
/// thread. Starting hops to the scheduled loop (a perform in the scheduled modes); there it
/// dials, writes what the socket takes of the request at once (the rest through a writable
/// source) and reads the response through a readable source (`CFSocket`'s read callback),
/// each added to every scheduled mode, with a timeout timer in the same modes. So every delegate message is sent on the loop's thread while
/// it runs one of those modes, each recorded in the trace just before it is sent. The
/// delegate is retained until the connection finishes, fails or is cancelled. Every
/// started connection ends in exactly one of `connectionDidFinishLoading:` and
/// `connection:didFailWithError:`, unless ``cancel()`` comes first; the socket is then
/// closed.
public final class Connection: Sendable, CustomStringConvertible {
    /// Creation-order number within the runtime; traces call the connection `C<id>`.
    public let id: Int
    /// The request (`originalRequest`).
    public let request: HTTPRequest
    /// The request being sent now (`currentRequest`): ``request`` until a redirect is
    /// followed, then the request the delegate returned for it.
    public var currentRequest: HTTPRequest { state.withLock { $0.redirectedRequest } ?? request }
    /// The URL of ``currentRequest`` (`currentRequest.URL`), found without copying the request.
    public var currentURL: LabURL { state.withLock { $0.redirectedRequest?.url } ?? request.url }
    let runtime: any Runtime
    let dialer: @Sendable (LabURL, Int) throws(NetError) -> LabFileDescriptor
    /// Its progress, shared by the thread that schedules or cancels it and the loop that
    /// runs it (``VisibleMutex``).
    let state: VisibleMutex<ConnectionState>

    /// A connection to `server` for `request` (`initWithRequest:delegate:startImmediately:`).
    /// With `startImmediately`, it is scheduled in the current loop's default mode and
    /// started at once, as NSURLConnection does.
    public convenience init(
        request: HTTPRequest, delegate: any ConnectionDelegate, startImmediately: Bool = false,
        server: LoopbackServer
    ) {
        self.init(request: request, delegate: delegate, startImmediately: startImmediately) { url, id throws(NetError) in
            try server.dial(url, connection: id)
        }
    }

    /// A connection that opens its socket with `dialer` instead of a ``LoopbackServer``.
    public convenience init(
        request: HTTPRequest, delegate: any ConnectionDelegate, startImmediately: Bool = false,
        dialer: @escaping @Sendable (LabURL) throws(NetError) -> LabFileDescriptor
    ) {
        self.init(request: request, delegate: delegate, startImmediately: startImmediately) { url, _ throws(NetError) in
            try dialer(url)
        }
    }

    private init(
        request: HTTPRequest, delegate: any ConnectionDelegate, startImmediately: Bool,
        dialer: @escaping @Sendable (LabURL, Int) throws(NetError) -> LabFileDescriptor
    ) {
        runtime = currentRuntime()
        id = runtime.nextID(.connection)
        let parser = HTTPResponseParser(requestWasHEAD: request.method == "HEAD")
        // Stored as the parameter's last use, so that it is moved, not copied.
        self.request = request
        self.dialer = dialer
        // The memberwise initialiser builds the state in place; a hand-written one, with the
        // other fields' defaults, built it on the stack and copied it (a retain per field).
        state = VisibleMutex(ConnectionState(delegate: delegate, parser: parser), runtime: runtime)
        runtime.record(.connectionCreated(connection: id, url: self.request.url.description, delegate: delegate.traceName))
        if startImmediately {
            schedule(in: RunLoop.current, forMode: .default)
            start()
        }
    }

    /// `C3`.
    public var description: String { named("").text }

    /// `"C3"` followed by `suffix`: how traces name the connection's parts.
    func named(_ suffix: StaticString) -> LabName { Self.named(id, suffix) }

    /// `"C3"` followed by `suffix`: how traces name connection `id` and its parts, on
    /// either side of the socket. Kept as its pieces, so that an untraced run, which never
    /// shows them, does not put the names of every connection's socket, source and timer
    /// together.
    static func named(_ id: Int, _ suffix: StaticString = "") -> LabName {
        LabName("C", id, suffix)
    }

    /// Schedules the connection in `mode` of `loop` (`scheduleInRunLoop:forMode:`). Call it
    /// once per mode, before ``start()``; every mode must be on the same loop. Afterwards it
    /// does nothing.
    public func schedule(in loop: RunLoop, forMode mode: RunLoopMode) {
        state.withLock { state in
            guard state.phase == .idle else { return }
            precondition(state.loop.map { $0 === loop } ?? true, "\(self) is already scheduled in another run loop")
            state.loop = loop
            if state.modes.isEmpty {
                state.modes = RunLoopMode.only(mode)
            } else if !state.modes.contains(mode) {
                state.modes.append(mode)
            }
        }
    }

    /// Starts loading (`-[NSURLConnection start]`) from any thread: queues the dial on the
    /// scheduled loop, in the scheduled modes, and wakes it. An unscheduled connection is
    /// scheduled in the current loop's default mode first. Only the first call counts.
    public func start() {
        let fallback = state.withLock { $0.loop == nil } ? RunLoop.current : nil
        let target = state.withLock { state -> (RunLoop, [RunLoopMode])? in
            guard state.phase == .idle else { return nil }
            state.phase = .starting
            if state.loop == nil {
                state.loop = fallback
                state.modes = RunLoopMode.defaultOnly
            }
            return state.loop.map { ($0, state.modes) }
        }
        guard let (loop, modes) = target else { return }
        do {
            try RunLoop.perform(on: loop.thread, modes: modes, label: named(" start").text) { [self] in open() }
        } catch {
            abandon()
        }
    }

    /// Cancels the connection (`-[NSURLConnection cancel]`): no delegate message is sent
    /// after this returns, except one whose trace event was already recorded on the loop's
    /// thread; the delegate is released and the socket closed (on the loop's thread, when
    /// called from another). Harmless on a connection that is cancelled or has ended.
    public func cancel() {
        let taken = state.withLock { state -> (delegate: (any ConnectionDelegate)?, resources: ConnectionResources)? in
            guard state.phase != .ended, state.phase != .cancelled else { return nil }
            state.phase = .cancelled
            runtime.record(.connectionCancelled(connection: id))
            defer { state.delegate = nil }
            return (state.delegate, state.takeResources())
        }
        guard let taken else { return }
        release(taken.resources)
        _ = taken.delegate // released here, outside the lock: its deinit may do anything
    }

    // MARK: Ending

    /// Ends the connection with `connection:didFailWithError:`.
    func fail(_ error: NetError) {
        deliver("didFailWithError \(error.code.rawValue)", ending: true) { delegate in
            delegate.connection(self, didFailWithError: error)
        }
    }

    /// Sends one delegate message, if the connection is still live: recorded in the trace
    /// under the state lock (so a concurrent ``cancel()`` is traced either before it, and
    /// it is not sent, or after it), then sent without the lock. An ending message first
    /// releases the delegate and the connection's resources. Returns whether it was sent.
    /// The trace records it at the caller's line.
    @discardableResult
    func deliver(
        _ callback: @autoclosure () -> String, ending: Bool, fileID: StaticString = #fileID, line: UInt = #line,
        _ send: (any ConnectionDelegate) -> Void
    ) -> Bool {
        guard let receiver = state.withLock({ $0.phase.isLive ? $0.delegate : nil }) else { return false }
        let traceName = receiver.traceName
        let taken = state.withLock { state -> (any ConnectionDelegate, ConnectionResources?)? in
            guard state.phase.isLive, let delegate = state.delegate, delegate === receiver else { return nil }
            runtime.record(
                .delegateCallback(connection: id, callback: callback(), delegate: traceName), at: CodeLocation(fileID: fileID, line: line))
            guard ending else { return (delegate, nil) }
            state.phase = .ended
            state.delegate = nil
            return (delegate, state.takeResources())
        }
        guard let (delegate, resources) = consume taken else { return false }
        if let resources { release(resources) }
        send(delegate)
        return true
    }

    /// Closes the socket and invalidates the sources and the timer. On the loop's thread the
    /// socket is closed first, which takes it out of the loop's port sets by itself (an
    /// epoll registration ends with the descriptor), so removing the sources costs no system
    /// call. From another thread the sources go first and the close is performed on the
    /// loop's thread, which must not lose a descriptor it may be reading.
    func release(_ resources: ConnectionResources) {
        let onLoopThread = resources.loop.map { $0.thread.isCurrent } ?? true
        if onLoopThread { resources.socket?.close() }
        resources.readSource?.invalidate()
        resources.writeSource?.invalidate()
        resources.timeout?.invalidate()
        guard let socket = resources.socket, !onLoopThread, let loop = resources.loop else { return }
        do {
            try RunLoop.perform(on: loop.thread, modes: resources.modes, label: named(" close").text) { socket.close() }
        } catch {
            socket.close()
        }
    }

    /// Gives up on a start whose loop's thread has exited: nothing can be delivered.
    private func abandon() {
        let delegate = state.withLock { state -> (any ConnectionDelegate)? in
            state.phase = .ended
            defer { state.delegate = nil }
            return state.delegate
        }
        _ = delegate // released here, outside the lock: its deinit may do anything
    }
}
