import LabRuntime
import RunLoopKit
import Synchronization

/// The loopback server's thread-side state: its routes, its listening socket (live) and
/// the sessions it serves, all driven by the server thread's run loop, the way a
/// `CFSocket` listener with `kCFSocketAcceptCallBack` serves connections on one loop.
final class ServerLoop: Sendable {
    let name: String
    let runtime: any Runtime
    /// The listening socket; nil under simulation, where clients arrive through `dial`.
    let listener: LabFileDescriptor?
    /// Keeps the server loop running; closed when the server stops.
    let keepAlive: EventFDPort
    private let stopped = Atomic<Bool>(false)
    /// Why the server cannot serve, such as its listener's `socket` or `accept` failing with
    /// `EMFILE`; once set, the listener is closed and every dial is refused with it.
    private let failure = Mutex<String?>(nil)

    private struct State {
        var routes: [(method: String, path: String, script: RouteScript)] = []
        var sessions: [ServerSession] = []
        var expectedClients: [(port: Int, name: String)] = []
        var unnamedCount = 0
        /// The last plan made, for the request inputs it was made from: requests alike get
        /// the plan already made, since a plan depends on nothing else while the routes stay.
        var lastPlan: (inputs: ResponsePlan.Inputs, plan: ResponsePlan)?
    }

    /// Shared with the clients' threads, which say whom to expect (``VisibleMutex``).
    private let state: VisibleMutex<State>

    /// A server loop; `failure` says why it cannot serve from the start (its listener could
    /// not be made).
    init(name: String, runtime: any Runtime, listener: LabFileDescriptor?, failure: SystemCallError? = nil) {
        self.name = name
        self.runtime = runtime
        state = VisibleMutex(State(), runtime: runtime)
        self.listener = listener
        self.failure.withLock { $0 = failure?.explanation }
        keepAlive = EventFDPort(name: "\(name) keep-alive", runtime: runtime)
    }

    /// Whether the server has been told to stop (``markStopped()``).
    var isStopped: Bool { stopped.load(ordering: .acquiring) }

    /// Why the server cannot serve (``give(up:)``), or `nil` while it can.
    var cannotServe: String? { failure.withLock { $0 } }

    /// Stops serving for `reason`: records it, closes the listener so that clients are
    /// refused rather than left waiting, and the keep-alive port, and keeps the reason for
    /// later dials.
    private func give(up reason: String) {
        failure.withLock { $0 = $0 ?? reason }
        listener?.close()
        keepAlive.descriptor.close()
        runtime.record(.server("\(name) cannot serve: \(reason)"))
    }

    /// The server thread's body: serve until stopped, then close every socket and the
    /// keep-alive port. A loop that cannot run (no descriptor left for its ports) gives up
    /// (``give(up:)``) and returns.
    func serve() {
        if let reason = cannotServe { return give(up: reason) }
        let loop = RunLoop.current
        do {
            try loop.add(keepAlive, forMode: .default)
            if let listener {
                try loop.add(
                    PortSource(readable: listener, name: "\(name) listener") { [self] in acceptPending(on: loop) }, forMode: .default)
            }
        } catch {
            return give(up: error.description)
        }
        while !isStopped {
            do {
                _ = try loop.run(mode: .default)
            } catch .runOver {
                return
            } catch let .systemCallFailed(error) {
                return give(up: error.explanation)
            } catch {}
        }
        listener?.close()
        keepAlive.descriptor.close()
        for session in state.withLock({ $0.sessions }) { session.close(because: "server stopped") }
        runtime.record(.server("\(name) stopped"))
    }

    /// Marks the server stopped; says whether it was running.
    func markStopped() -> Bool {
        !stopped.exchange(true, ordering: .acquiringAndReleasing)
    }

    /// Sets the script for `method` and `path`, replacing an earlier one.
    func setRoute(_ method: String, _ path: String, _ script: RouteScript) {
        state.withLock { state in
            state.routes.removeAll { $0.method == method && $0.path == path }
            state.routes.append((method, path, script))
            state.lastPlan = nil
        }
    }

    /// The plan for `request`: its route's, a `GET` route's for `HEAD`, or a 404. Made
    /// under the lock (a plan is a pure value), so that the last one is kept for the next
    /// request alike; one this server has not made may have been made on its pthread before
    /// (``ResponsePlanCache``), as in a search, whose every run starts a new server.
    func plan(for request: HTTPRequestHead) -> ResponsePlan {
        let inputs = ResponsePlan.Inputs(request)
        return state.withLock { state in
            if let last = state.lastPlan, last.inputs == inputs { return last.plan }
            let route =
                state.routes.firstIndex { $0.method == inputs.method && $0.path == inputs.path }
                ?? state.routes.firstIndex { inputs.method == "HEAD" && $0.method == "GET" && $0.path == inputs.path }
            let plan = ResponsePlanCache.plan(for: request, inputs: inputs, route: route.map { state.routes[$0].script })
            state.lastPlan = (inputs, plan)
            return plan
        }
    }

    /// The trace name for a client: `C<connection>` when a ``Connection`` dialed, else the
    /// next `S<n>`.
    func clientName(_ connection: Int?) -> LabName {
        if let connection { return Connection.named(connection) }
        return state.withLock { state in
            state.unnamedCount += 1
            return LabName("S", state.unnamedCount)
        }
    }

    /// Remembers that the TCP client bound to `port` is called `name`, so that the session
    /// accepted from that port carries the client's name.
    func expectClient(from port: Int, named name: String) {
        state.withLock { $0.expectedClients.append((port, name)) }
    }

    /// Forgets a client whose connect failed.
    func forgetClient(from port: Int) {
        state.withLock { $0.expectedClients.removeAll { $0.port == port } }
    }

    /// Serves `socket` on `loop` (the server's own, on its thread).
    func attach(_ socket: LabFileDescriptor, name: String, overTCP: Bool, on loop: RunLoop) {
        let session = ServerSession(
            name: name, socket: socket, overTCP: overTCP, loop: loop,
            respond: { [self] request in plan(for: request) },
            didClose: { [self] closed in state.withLock { $0.sessions.removeAll { $0 === closed } } })
        state.withLock { $0.sessions.append(session) }
        session.open()
    }

    /// Accepts every pending TCP connection (the listener's readable callout). With no
    /// descriptor left for one (`EMFILE`), the listener would stay readable and the loop
    /// spin, so the server gives up (``give(up:)``).
    private func acceptPending(on loop: RunLoop) {
        guard let listener else { return }
        while true {
            runtime.schedulingPoint(before: VisibleOperation(.receive, on: listener.channel), "server accept")
            let accepted: (LabFileDescriptor, peerPort: Int)?
            do {
                accepted = try LoopbackSocket.accept(listener, label: { "\(name) peer \($0)" })
            } catch {
                return give(up: error.explanation)
            }
            guard let (socket, peerPort) = accepted else { return }
            let known = state.withLock { state -> String? in
                guard let index = state.expectedClients.firstIndex(where: { $0.port == peerPort }) else { return nil }
                return state.expectedClients.remove(at: index).name
            }
            attach(socket, name: known ?? clientName(nil).text, overTCP: true, on: loop)
        }
    }
}
