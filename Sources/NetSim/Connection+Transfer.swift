import Glibc
import LabRuntime
import RunLoopKit

extension Connection {
    /// The most a single read takes from the socket.
    static let readLimit = 64 * 1024

    /// On the scheduled loop: dials and adds the socket's readable and writable sources and
    /// the timeout timer to every scheduled mode.
    func open() {
        guard let loop = state.withLock({ $0.phase == .starting ? $0.loop : nil }) else { return }
        let socket: LabFileDescriptor
        do {
            socket = try dialer(request.url, id)
        } catch {
            fail(error)
            return
        }
        let readSource = PortSource(readable: socket, name: "\(self) socket") { [self] in readable() }
        let writeSource = PortSource(writable: socket, name: "\(self) socket (writable)") { [self] in writable() }
        let timeout = RunLoopTimer(after: request.timeout, name: "\(self) timeout") { [self] _ in
            fail(NetError(.timedOut, failingURL: request.url.description))
        }
        let modes = state.withLock { state -> [RunLoopMode]? in
            guard state.phase == .starting else { return nil }
            state.phase = .open
            state.socket = socket
            state.readSource = readSource
            state.writeSource = writeSource
            state.timeout = timeout
            state.outgoing = request.wireBytes[...]
            return state.modes
        }
        guard let modes else {
            socket.close()
            return
        }
        for mode in modes {
            do {
                try loop.add(readSource, forMode: mode)
                try loop.add(writeSource, forMode: mode)
            } catch {
                fail(NetError(.cannotConnectToHost, message: "\(error)", failingURL: request.url.description))
                return
            }
            loop.add(timeout, forMode: mode)
        }
    }

    /// The writable callout: checks how the connect ended, then writes the request,
    /// removing the source once it is all out.
    private func writable() {
        guard let (socket, connected, outgoing) = state.withLock({ state in
            state.socket.map { ($0, state.connected, state.outgoing) }
        }) else { return }
        if !connected {
            let code = LoopbackSocket.pendingError(socket)
            guard code == 0 else {
                fail(NetError(.cannotConnectToHost, message: Self.describe(code), failingURL: request.url.description))
                return
            }
            state.withLock { $0.connected = true }
        }
        runtime.schedulingPoint("\(self) write")
        switch LoopbackSocket.send(socket, outgoing) {
        case let .transferred(count):
            let finished = state.withLock { state -> PortSource? in
                state.outgoing.removeFirst(count)
                guard state.outgoing.isEmpty else { return nil }
                defer { state.writeSource = nil }
                return state.writeSource
            }
            finished?.invalidate()
        case .wouldBlock:
            return
        case let .failed(code):
            lost(code)
        case .endOfStream:
            lost(EPIPE)
        }
    }

    /// The readable callout: reads what is there, feeds the parser and sends the delegate
    /// the messages it produces; the timeout starts again with every byte.
    private func readable() {
        guard let socket = state.withLock({ $0.socket }) else { return }
        runtime.schedulingPoint("\(self) read")
        let (outcome, buffer) = LoopbackSocket.receive(socket, limit: Self.readLimit)
        let events: [HTTPResponseEvent]
        switch outcome {
        case .wouldBlock:
            return
        case let .failed(code):
            lost(code)
            return
        case .transferred:
            state.withLock { $0.timeout }?.fireDate = runtime.now() + request.timeout
            events = state.withLock { $0.parser.feed(buffer) }
        case .endOfStream:
            events = state.withLock { $0.parser.finish() }
        }
        for event in events {
            guard handle(event) else { return }
        }
    }

    /// Sends the delegate message for one parser event; false when the connection is no
    /// longer live afterwards.
    private func handle(_ event: HTTPResponseEvent) -> Bool {
        switch event {
        case let .head(head):
            return deliver("didReceiveResponse \(head.statusCode)", ending: false) { $0.connection(self, didReceive: head) }
                && state.withLock { $0.phase.isLive }
        case let .body(bytes):
            return deliver("didReceiveData \(bytes.count) bytes", ending: false) { $0.connection(self, didReceive: bytes) }
                && state.withLock { $0.phase.isLive }
        case .end:
            deliver("didFinishLoading", ending: true) { $0.connectionDidFinishLoading(self) }
            return false
        case let .error(error):
            fail(NetError(error, failingURL: request.url.description))
            return false
        }
    }

    /// Fails for a socket error: refused means the host could not be reached, anything else
    /// (a reset, a broken pipe) that the connection was lost.
    private func lost(_ code: Int32) {
        let failure: NetError.Code = code == ECONNREFUSED ? .cannotConnectToHost : .networkConnectionLost
        fail(NetError(failure, message: Self.describe(code), failingURL: request.url.description))
    }

    private static func describe(_ code: Int32) -> String {
        "\(String(cString: strerror(code))) (errno \(code))"
    }
}
