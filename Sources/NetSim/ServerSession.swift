import LabRuntime
import RunLoopKit
import Synchronization

/// The loopback server's side of one connection, living on the server's run loop: reads the
/// request through a `CFSocket`-style readable source (an accepted TCP connection's first
/// read is made at once, see ``open()``), then plays its ``ResponsePlan`` with
/// non-blocking writes, keeping unwritten bytes pending behind a writable source
/// (`kCFSocketWriteCallBack`) and pacing writes with run-loop timers.
final class ServerSession: Sendable {
    /// The connection's name in traces: the client's `C3` when known, else `S1`, `S2`, ...
    let name: String
    private let socket: LabFileDescriptor
    /// Whether the socket is an accepted TCP connection (live), not one end of a socket
    /// pair (simulated): it resets with RST, and its request is read at once (``open()``).
    private let overTCP: Bool
    private let loop: RunLoop
    private let runtime: any Runtime
    private let respond: @Sendable (HTTPRequestHead) -> ResponsePlan
    private let didClose: @Sendable (ServerSession) -> Void

    private struct State {
        var reader = HTTPRequestReader()
        var requestRead = false
        /// The plan's steps not yet taken: a slice of the plan's array, so taking one copies
        /// nothing (the server keeps its last plan, which shares the array).
        var steps: ArraySlice<ResponseStep> = []
        var pending: ArraySlice<UInt8> = []
        var readSource: PortSource?
        var writeSource: PortSource?
        var pause: RunLoopTimer?
        var closed = false
    }
    /// Its progress, which a stopping server's thread may end (``VisibleMutex``).
    private let state: VisibleMutex<State>

    /// What ``advance()`` does next.
    private enum Next {
        case flush, pause(Duration), close, reset, stall, wait
    }

    /// A session on `socket`, served on `loop` (the server's, the caller's own).
    init(
        name: String, socket: LabFileDescriptor, overTCP: Bool, loop: RunLoop,
        respond: @escaping @Sendable (HTTPRequestHead) -> ResponsePlan, didClose: @escaping @Sendable (ServerSession) -> Void
    ) {
        self.name = name
        self.socket = socket
        self.overTCP = overTCP
        self.loop = loop
        runtime = loop.thread.runtime
        state = VisibleMutex(State(), runtime: runtime)
        self.respond = respond
        self.didClose = didClose
    }

    /// Starts reading the request. An accepted TCP connection's client has usually written
    /// its request by the time the server accepts it, so it is read at once: a response
    /// played to its close then never watches the socket (no epoll registration, no source).
    /// Otherwise, or while the session stays open (a pause, a stall), the readable source
    /// reads what comes next, and notices the client closing.
    func open() {
        runtime.record(.server("\(name) accepted"))
        if overTCP {
            readable()
            guard !state.withLock({ $0.closed }) else { return }
        }
        let source = PortSource(
            readable: socket,
            label: LoopbackSocket.label(of: LabName(name), " server socket")
        ) { [self] in readable() }
        state.withLock { $0.readSource = source }
        do {
            try loop.add(source, forMode: .default)
        } catch {
            close(because: "could not watch the socket: \(error)")
        }
    }

    /// Closes the connection (the server is stopping, or the exchange is over).
    func close(because reason: String) {
        let resources = state.withLock { state -> (PortSource?, PortSource?, RunLoopTimer?)? in
            guard !state.closed else { return nil }
            state.closed = true
            defer { state.readSource = nil; state.writeSource = nil; state.pause = nil }
            return (state.readSource, state.writeSource, state.pause)
        }
        guard let (readSource, writeSource, pause) = resources else { return }
        runtime.record(
            .server(
                String {
                    $0.write(name)
                    $0.write(" closed: ")
                    $0.write(reason)
                }))
        // Closed first, the socket leaves the loop's port sets by itself (an epoll
        // registration ends with its descriptor), so removing its sources makes no system
        // call. Every close runs on the server's thread, which alone reads the socket.
        socket.close()
        readSource?.invalidate()
        writeSource?.invalidate()
        pause?.invalidate()
        didClose(self)
    }

    private func readable() {
        runtime.schedulingPoint(before: VisibleOperation(.receive, on: socket.channel), SchedulingPointLabel("server read", on: name))
        let (outcome, buffer) = LoopbackSocket.receive(socket, limit: 16 * 1024)
        switch outcome {
        case .wouldBlock:
            return
        case .endOfStream:
            close(because: "the client closed")
        case let .failed(code):
            close(because: "receive failed, errno \(code)")
        case let .transferred(count):
            runtime.record(
                .server(
                    String {
                        $0.write(name)
                        $0.write(" received ")
                        $0.write(count)
                        $0.write(" bytes")
                    }))
            let progress = state.withLock { state -> HTTPRequestReader.Progress? in
                guard !state.requestRead else { return nil }
                let progress = state.reader.feed(buffer)
                state.requestRead = progress != .needMore
                return progress
            }
            switch progress {
            case nil, .needMore?:
                return
            case let .request(head, bodyBytes)?:
                runtime.record(
                    .server(
                        String {
                            $0.write(name)
                            $0.write(" request ")
                            $0.write(head.method)
                            $0.write(" ")
                            $0.write(head.target)
                            if bodyBytes > 0 {
                                $0.write(" with ")
                                $0.write(bodyBytes)
                                $0.write(" body bytes")
                            }
                        }))
                play(respond(head))
            case let .refused(status, why)?:
                runtime.record(.server("\(name) refused the request: \(why)"))
                play(ResponsePlan(refusal: status))
            }
        }
    }

    private func play(_ plan: ResponsePlan) {
        runtime.record(
            .server(
                String {
                    $0.write(name)
                    $0.write(" responds ")
                    $0.write(plan.summary)
                }))
        state.withLock { $0.steps = plan.steps[...] }
        advance()
    }

    /// Runs the plan's steps until one has to wait: for room in the send buffer, a gap, or
    /// for ever.
    private func advance() {
        while true {
            let next = state.withLock { state -> Next in
                guard !state.closed else { return .wait }
                if !state.pending.isEmpty { return .flush }
                guard !state.steps.isEmpty else { return .wait }
                switch state.steps.removeFirst() {
                case let .send(bytes):
                    state.pending = bytes[...]
                    return .flush
                case let .pause(gap): return .pause(gap)
                case .close: return .close
                case .reset: return .reset
                case .stall: return .stall
                }
            }
            switch next {
            case .flush:
                guard flush() else { return }
            case let .pause(gap):
                let timer = RunLoopTimer(after: gap, name: "\(name) gap") { [self] _ in advance() }
                state.withLock { $0.pause = timer }
                loop.add(timer, forMode: .default)
                return
            case .close:
                close(because: "response complete")
                return
            case .reset:
                if overTCP { LoopbackSocket.resetOnClose(socket) }
                close(because: "reset (fault)")
                return
            case .stall:
                runtime.record(.server("\(name) stalls (fault)"))
                return
            case .wait:
                return
            }
        }
    }

    /// Writes what is pending; true when all of it went out.
    private func flush() -> Bool {
        let pending = state.withLock { $0.pending }
        runtime.schedulingPoint(before: VisibleOperation(.send, on: socket.channel), SchedulingPointLabel("server write", on: name))
        switch LoopbackSocket.send(socket, pending) {
        case let .transferred(count):
            let left = state.withLock { state -> Int in
                state.pending.removeFirst(count)
                return state.pending.count
            }
            runtime.record(
                .server(
                    String {
                        $0.write(name)
                        $0.write(" sent ")
                        $0.write(count)
                        $0.write(" bytes")
                        if left > 0 {
                            $0.write(", ")
                            $0.write(left)
                            $0.write(" pending")
                        }
                    }))
            if left > 0 {
                watchForRoom()
                return false
            }
            state.withLock { state in
                defer { state.writeSource = nil }; return state.writeSource
            }?.invalidate()
            return true
        case .wouldBlock:
            runtime.record(.server("\(name) send buffer full, \(pending.count) bytes pending"))
            watchForRoom()
            return false
        case let .failed(code):
            close(because: "send failed, errno \(code)")
            return false
        case .endOfStream:
            close(because: "send found the connection closed")
            return false
        }
    }

    /// Adds the writable source, once, so the loop calls back when the socket takes bytes.
    private func watchForRoom() {
        let source = state.withLock { state -> PortSource? in
            guard state.writeSource == nil, !state.closed else { return nil }
            let source = PortSource(writable: socket, name: "\(name) server socket (writable)") { [self] in advance() }
            state.writeSource = source
            return source
        }
        guard let source else { return }
        do {
            try loop.add(source, forMode: .default)
        } catch {
            close(because: "could not watch the socket: \(error)")
        }
    }
}
