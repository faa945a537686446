import Glibc
import LabRuntime
import RunLoopKit
import Synchronization

extension Connection {
    /// The most a single read takes from the socket: 64 KiB of body plus 4 KiB of room for
    /// the response head, so that a response of up to 64 KiB whose head is short arrives in
    /// one read, and so in one `connection:didReceiveData:`, rather than 64 KiB and a
    /// straggler of the head's length. `runloop-lab bench network` gives its C reader the
    /// same buffer.
    public static let readLimit = 68 * 1024

    /// How long the last response head read was, in bytes: the room the next response's
    /// first read leaves for its head, so that its body can be read straight into the array
    /// handed to the delegate. Shared by every connection, whose responses (all from the
    /// loopback server) have heads alike; only where bytes land depends on it, never what is
    /// delivered.
    private static let headLengthGuess = Atomic(0)

    /// The longest head ``headLengthGuess`` makes room for: room on the stack.
    private static let headLengthGuessLimit = 1024

    /// The last bodiless request opened and its ``HTTPRequest/wireBytes``, kept for the next
    /// request alike: the connections of a queue of operations for one request share one
    /// array. A request with a body is built each time, so that no body outlives its
    /// connections. Only which array holds the bytes depends on it, never what is written.
    private static let lastWireBytes = Mutex<KeptWireBytes?>(nil)

    /// A request and its ``HTTPRequest/wireBytes``, kept in an object so that comparing the
    /// next request with it reads the kept request in place rather than copying it out.
    private final class KeptWireBytes: Sendable {
        let request: HTTPRequest
        let bytes: [UInt8]

        init(request: HTTPRequest, bytes: [UInt8]) {
            self.request = request
            self.bytes = bytes
        }
    }

    /// `request`'s bytes on the wire, from ``lastWireBytes`` when it is that request.
    private static func wireBytes(of request: HTTPRequest) -> [UInt8] {
        guard request.body.isEmpty else { return request.wireBytes }
        if let last = lastWireBytes.withLock({ $0 }), last.request == request { return last.bytes }
        let bytes = request.wireBytes
        lastWireBytes.withLock { $0 = KeptWireBytes(request: request, bytes: bytes) }
        return bytes
    }

    /// On the scheduled loop: dials, adds the socket's readable source and the timeout timer
    /// to every scheduled mode, and writes what it can of the request at once (a loopback
    /// connect has usually finished by the time `connect` returns); a writable source is
    /// added only for what the socket cannot take yet.
    func open() {
        guard
            let (loop, redirected) = state.withLock({ state in
                state.phase == .starting ? state.loop.map { ($0, state.redirectedRequest) } : nil
            })
        else { return }
        if let redirected {
            open(redirected, on: loop)
        } else {
            open(request, on: loop)
        }
    }

    /// ``open()`` for `request`, the original or a redirect's, passed rather than copied out.
    private func open(_ request: HTTPRequest, on loop: RunLoop) {
        let socket: LabFileDescriptor
        do {
            socket = try dialer(request.url, id)
        } catch {
            fail(error)
            return
        }
        let readSource = PortSource(readable: socket, label: named(" socket")) { [self] in readable() }
        let timeout = RunLoopTimer(after: request.timeout, repeats: true, label: named(" timeout")) { [self] timer in
            timeoutFired(timer)
        }
        let now = runtime.now()
        let outgoing = Self.wireBytes(of: request)
        let modes = state.withLock { state -> [RunLoopMode]? in
            guard state.phase == .starting else { return nil }
            state.phase = .open
            state.socket = socket
            state.readSource = readSource
            state.timeout = timeout
            state.lastActivity = now
            state.outgoing = outgoing[...]
            return state.modes
        }
        guard let modes else {
            socket.close()
            return
        }
        for mode in modes {
            do {
                try loop.add(readSource, forMode: mode)
            } catch {
                fail(NetError(.cannotConnectToHost, message: "\(error)", failingURL: request.url.description))
                return
            }
            loop.add(timeout, forMode: mode)
        }
        writeRequest(loop: loop)
    }

    /// Writes what the socket takes of the request. Called at once from ``open()``, then by
    /// the writable source, which exists only while bytes are left: when it fires before
    /// the connect is known to have succeeded, the connect's outcome is checked first.
    private func writeRequest(loop: RunLoop) {
        guard
            let (socket, connected, outgoing, watching) = state.withLock({ state in
                state.socket.map { ($0, state.connected, state.outgoing, state.writeSource != nil) }
            })
        else { return }
        if !connected, watching {
            let code = LoopbackSocket.pendingError(socket)
            guard code == 0 else {
                fail(NetError(.cannotConnectToHost, message: Self.describe(code), failingURL: currentRequest.url.description))
                return
            }
        }
        runtime.schedulingPoint(before: VisibleOperation(.send, on: socket.channel), "\(self) write")
        switch LoopbackSocket.send(socket, outgoing) {
        case let .transferred(count):
            let finished = state.withLock { state -> (done: Bool, source: PortSource?) in
                state.connected = true
                state.outgoing.removeFirst(count)
                guard state.outgoing.isEmpty else { return (false, nil) }
                defer { state.writeSource = nil }
                return (true, state.writeSource)
            }
            if finished.done {
                finished.source?.invalidate()
            } else {
                watchForRoom(socket, on: loop)
            }
        case .wouldBlock:
            watchForRoom(socket, on: loop)
        case let .failed(code):
            lost(code)
        case .endOfStream:
            lost(EPIPE)
        }
    }

    /// Adds the writable source to every scheduled mode, unless it is already there.
    private func watchForRoom(_ socket: LabFileDescriptor, on loop: RunLoop) {
        let added = state.withLock { state -> (PortSource, [RunLoopMode])? in
            guard state.writeSource == nil, state.phase == .open else { return nil }
            let source = PortSource(writable: socket, name: "\(self) socket (writable)") { [self] in writeRequest(loop: loop) }
            state.writeSource = source
            return (source, state.modes)
        }
        guard let (source, modes) = added else { return }
        for mode in modes {
            do {
                try loop.add(source, forMode: mode)
            } catch {
                fail(NetError(.cannotConnectToHost, message: "\(error)", failingURL: currentRequest.url.description))
                return
            }
        }
    }

    /// The readable callout: reads what is there, feeds the parser and sends the delegate
    /// the messages it produces. Every byte counts as activity for the timeout.
    ///
    /// A read that begins a response goes into two buffers: room for the head as long as
    /// the last response's head (``headLengthGuess``), then the array that becomes the body
    /// chunk. When the head is that long again, the body lands at the start of the array
    /// and is handed to the delegate without a copy; when not, the parser joins the pieces
    /// into one chunk. Either way the read takes at most ``readLimit`` bytes and produces
    /// the same messages. A read of less than half the array moves to an array of its own
    /// size, so that a short body does not keep a whole read's room alive as its chunk.
    private func readable() {
        guard let (socket, startsResponse) = state.withLock({ state in state.socket.map { ($0, state.parser.awaitsStatusLine) } })
        else { return }
        runtime.schedulingPoint(before: VisibleOperation(.receive, on: socket.channel), "\(self) read")
        let headRoom = startsResponse ? Self.headLengthGuess.load(ordering: .relaxed) : 0
        let events = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: headRoom) { head -> [HTTPResponseEvent]? in
            var outcome = SocketTransfer.wouldBlock
            var rest = [UInt8](unsafeUninitializedCapacity: Self.readLimit - headRoom) { storage, count in
                outcome = LoopbackSocket.receive(socket, into: head, then: storage)
                if case let .transferred(received) = outcome { count = max(0, received - headRoom) }
            }
            if rest.count < rest.capacity / 2 { rest = rest.withUnsafeBufferPointer { Array($0) } }
            switch outcome {
            case .wouldBlock:
                return nil
            case let .failed(code):
                lost(code)
                return nil
            case let .transferred(count):
                let now = runtime.now()
                let (events, bodyStart) = state.withLock { state in
                    state.lastActivity = now
                    return state.parser.feed(UnsafeBufferPointer(rebasing: head[..<min(count, headRoom)]), then: rest)
                }
                if let bodyStart, bodyStart <= Self.headLengthGuessLimit {
                    Self.headLengthGuess.store(bodyStart, ordering: .relaxed)
                }
                return events
            case .endOfStream:
                return state.withLock { $0.parser.finish() }
            }
        }
        guard let events else { return }
        // Through the array's buffer, so that each event is lent to `handle` where it lies
        // rather than copied out (and released) first.
        events.withUnsafeBufferPointer { events in
            for index in events.indices {
                guard handle(events[index]) else { return }
            }
        }
    }

    /// The timeout timer's callout, at most once per timeout interval: fails the connection
    /// if nothing arrived for the whole timeout, otherwise moves the timer to the timeout
    /// after the latest activity (so the timeout starts again with every byte, without
    /// moving the timer on every read).
    private func timeoutFired(_ timer: RunLoopTimer) {
        let deadline = state.withLock { $0.lastActivity } + currentRequest.timeout
        guard deadline <= runtime.now() else {
            timer.fireDate = deadline
            return
        }
        fail(NetError(.timedOut, failingURL: currentRequest.url.description))
    }

    /// Sends the delegate message for one parser event; false when the connection is no
    /// longer live afterwards.
    private func handle(_ event: HTTPResponseEvent) -> Bool {
        switch event {
        case let .head(head):
            if redirectEndsResponse(head) { return false }
            return deliver("didReceiveResponse \(head.statusCode)", ending: false) { $0.connection(self, didReceive: head) }
                && state.withLock { $0.phase.isLive }
        case let .body(bytes):
            return deliver("didReceiveData \(bytes.count) bytes", ending: false) { $0.connection(self, didReceive: bytes) }
                && state.withLock { $0.phase.isLive }
        case .end:
            deliver("didFinishLoading", ending: true) { $0.connectionDidFinishLoading(self) }
            return false
        case let .error(error):
            fail(NetError(error, failingURL: currentRequest.url.description))
            return false
        }
    }

    /// Fails for a socket error: refused means the host could not be reached, anything else
    /// (a reset, a broken pipe) that the connection was lost.
    private func lost(_ code: Int32) {
        let failure: NetError.Code = code == ECONNREFUSED ? .cannotConnectToHost : .networkConnectionLost
        fail(NetError(failure, message: Self.describe(code), failingURL: currentRequest.url.description))
    }

    private static func describe(_ code: Int32) -> String {
        "\(String(cString: strerror(code))) (errno \(code))"
    }
}
