import LabRuntime
import RunLoopKit

/// A scripted HTTP/1.1 server on the loopback interface, on its own lab thread and run loop:
/// the far end of every NSURLConnection the lab replays.
///
/// Register a ``RouteScript`` per method and path with ``route(_:_:_:)``; clients reach the
/// server only through ``dial(_:)``, which ``Connection`` calls. Live, the server listens on
/// `127.0.0.1` (or `::1`) at an ephemeral port, never on a wildcard address, and accepts
/// with a `CFSocket`-style readable source; `dial` makes a non-blocking TCP connect. Under
/// simulation there is no TCP (loopback TCP readiness is not instantaneous): `dial` makes
/// a socket pair and hands the server's end to the server's loop with a cross-thread
/// perform. Either way the server answers each request once and closes the connection.
public final class LoopbackServer: Sendable, CustomStringConvertible {
    /// The server's name, also its thread's.
    public let name: String
    /// The loopback address it serves.
    public let address: LoopbackAddress
    /// The port URLs must name: the ephemeral listening port live, ``simulatedPort`` simulated
    /// and for a live server that could not listen (whose dials all throw, naming why).
    public let port: Int
    /// The server's lab thread, whose run loop serves every connection.
    public let thread: LabThread
    /// The server thread's state: routes, listener, sessions and keep-alive port.
    let core: ServerLoop

    /// The nominal port of a simulated server, which listens on no socket.
    public static let simulatedPort = 8080

    /// Starts a server named `name` under the current runtime: binds and listens when live,
    /// then spawns the server thread (whose loop a keep-alive port and the listener keep
    /// running) until ``stop()``. When it cannot listen, or later cannot accept, for want
    /// of descriptors (`EMFILE`), it serves nothing and ``dial(_:)`` throws
    /// ``NetError/Code/cannotConnectToHost`` with that error named.
    public init(name: String = "loopback server", address: LoopbackAddress = .ipv4) {
        let runtime = currentRuntime()
        var listener: LabFileDescriptor?
        var failure: SystemCallError?
        var port = Self.simulatedPort
        if runtime.flavor == .live {
            do {
                (listener, port) = try LoopbackSocket.listen(on: address, label: "\(name) listener")
            } catch {
                failure = error
            }
        }
        self.name = name
        self.address = address
        self.port = port
        let core = ServerLoop(name: name, runtime: runtime, listener: listener, failure: failure)
        self.core = core
        thread = runtime.spawnThread(named: name) { core.serve() }
    }

    /// `loopback server on http://127.0.0.1:43517/`.
    public var description: String { "\(name) on \(baseURL)" }

    /// `http://127.0.0.1:<port>/` (`[::1]` for IPv6): AFNetworking's `baseURL`.
    public var baseURL: LabURL { url("/") }

    /// The URL of `pathAndQuery` on this server.
    public func url(_ pathAndQuery: String) -> LabURL {
        guard let url = LabURL(host: address.rawValue, port: port, pathAndQuery: pathAndQuery) else {
            preconditionFailure("not a path and query: \(pathAndQuery)")
        }
        return url
    }

    /// The address the listening socket is bound to, e.g. `127.0.0.1:43517` (live only;
    /// nil simulated or once stopped): `CFSocketCopyAddress`.
    public var listeningAddress: String? {
        guard let listener = core.listener, !listener.isClosed else { return nil }
        return try? LoopbackSocket.localAddress(of: listener).description
    }

    /// Sets what the server answers to `method` on `path` (the path without query); a later
    /// call for the same pair replaces the script. A `GET` route also answers `HEAD`, with
    /// headers only. Any thread, any time.
    public func route(_ method: String, _ path: String, _ script: RouteScript) {
        core.setRoute(method, path, script)
    }

    /// Opens a client socket to the server for `url` (the connect half of
    /// `CFStreamCreatePairWithSocketToHost`), non-blocking; the connect may still be under
    /// way when it returns, and completes when the socket is writable. Throws
    /// ``NetError/Code/cannotConnectToHost`` when the server is stopped or `url` names
    /// another port or address.
    public func dial(_ url: LabURL) throws(NetError) -> LabFileDescriptor {
        try dial(url, connection: nil)
    }

    /// ``dial(_:)`` on behalf of connection `C<connection>`, so the server's trace events
    /// carry the client's name.
    func dial(_ url: LabURL, connection: Int?) throws(NetError) -> LabFileDescriptor {
        let family: LoopbackAddress = url.host == "localhost" ? address : url.isIPv6 ? .ipv6 : .ipv4
        guard !core.isStopped else { throw Self.refusal(for: url) }
        if let reason = core.cannotServe {
            throw NetError(.cannotConnectToHost, message: reason, failingURL: url.description)
        }
        let client = core.clientName(connection)
        guard core.listener != nil else {
            guard url.port == port, family == address else { throw Self.refusal(for: url) }
            return try dialSocketPair(client: client, url: url)
        }
        var boundPort: Int?
        let core = core
        let nameForServer: ((Int) -> Void)? =
            core.runtime.trace.isEnabled
            ? { localPort in
                boundPort = localPort
                core.expectClient(from: localPort, named: client.text)
            } : nil
        do {
            return try LoopbackSocket.connect(
                to: family, port: url.port,
                label: LoopbackSocket.label(of: client, " socket"), bound: nameForServer)
        } catch {
            if let boundPort { core.forgetClient(from: boundPort) }
            throw NetError(.cannotConnectToHost, message: "\(error)", failingURL: url.description)
        }
    }

    /// Stops the server: closes the listener and every server-side socket, stops the server
    /// loop and joins its thread. Later dials are refused. Harmless when already stopped.
    /// Call it from any thread but the server's.
    public func stop() {
        precondition(LabThread.current !== thread, "\(name): stop() from the server's own thread would join itself")
        guard core.markStopped() else { return }
        try? RunLoop.perform(on: thread, modes: [.default], label: "\(name) stop") { RunLoop.current.stop() }
        thread.join()
    }

    /// The error of a dial to `url` that the server refuses, made only when one is.
    private static func refusal(for url: LabURL) -> NetError {
        NetError(.cannotConnectToHost, failingURL: url.description)
    }

    private func dialSocketPair(client: LabName, url: LabURL) throws(NetError) -> LabFileDescriptor {
        let pair: (client: LabFileDescriptor, server: LabFileDescriptor)
        do {
            pair = try LoopbackSocket.pair(
                client: LoopbackSocket.label(of: client, " socket").text,
                server: LoopbackSocket.label(of: client, " server socket").text)
        } catch {
            throw NetError(.cannotConnectToHost, message: "\(error)", failingURL: url.description)
        }
        let core = core
        let serverEnd = pair.server
        do {
            try RunLoop.perform(
                on: thread, modes: [.default],
                label: String {
                    $0.write(name)
                    $0.write(" accept ")
                    $0.write(client.text)
                }
            ) {
                core.attach(serverEnd, name: client.text, overTCP: false, on: RunLoop.current)
            }
        } catch {
            pair.client.close()
            serverEnd.close()
            throw Self.refusal(for: url)
        }
        return pair.client
    }
}
