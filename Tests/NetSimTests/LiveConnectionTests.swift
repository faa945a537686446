// Live versions (LiveRuntime: real pthreads, epoll, real loopback TCP) of the server and the
// connection. Deadlines are generous and never asserted; nothing sleeps.
import Glibc
import LabRuntime
import LabTestSupport
import NetSim
import RunLoopKit
import Testing

@Suite("Live: the loopback server over real TCP")
struct LiveConnectionTests {
    /// Runs `body` on a client lab thread of a fresh live runtime and waits for it.
    private static func onClientThread(_ body: @escaping @Sendable () -> Void) {
        let runtime = LiveRuntime()
        runtime.spawnThread(named: "client", body).join()
    }

    /// Runs one request from the client thread's default mode until it ends (at most 30 s).
    private static func exchange(_ server: LoopbackServer, _ request: HTTPRequest) -> RecordingDelegate {
        let loop = RunLoop.current
        let delegate = RecordingDelegate { loop.stop() }
        let connection = Connection(request: request, delegate: delegate, server: server)
        connection.schedule(in: loop, forMode: .default)
        connection.start()
        let deadline = currentRuntime().now() + .seconds(30)
        while !delegate.hasEnded, currentRuntime().now() < deadline {
            guard let result = try? loop.run(mode: .default, before: deadline), result != .finished else { break }
        }
        return delegate
    }

    @Test(
        "live: the server listens on 127.0.0.1 (or ::1) at an ephemeral port, never a wildcard address",
        arguments: LoopbackAddress.allCases)
    func bindsLoopbackOnly(address: LoopbackAddress) {
        let seen = Shared<[String]>([])
        Self.onClientThread {
            let server = LoopbackServer(address: address)
            seen.update { $0 = [server.listeningAddress ?? "none", "\(server.port)"] }
            server.stop()
            seen.update { $0.append(server.listeningAddress ?? "none") }
        }
        let expected = (address == .ipv4 ? "127.0.0.1:" : "[::1]:") + (seen.value.dropFirst().first ?? "")
        #expect(seen.value == [expected, String(expected.split(separator: ":").last ?? ""), "none"])
    }

    @Test(
        "live: a 303 after a POST is followed over real TCP as a GET, and the refusing delegate keeps a 302",
        arguments: LoopbackAddress.allCases)
    func redirects(address: LoopbackAddress) {
        let results = Shared<[RecordingDelegate]>([])
        Self.onClientThread {
            let server = LoopbackServer(address: address)
            server.route("POST", "/form", .redirect(303, to: "/done"))
            server.route("GET", "/done", RouteScript(body: .text("done")))
            server.route("GET", "/old", .redirect(302, to: server.url("/done").description, body: .text("moved")))
            let followed = Self.exchange(server, HTTPRequest(method: "POST", url: server.url("/form"), body: [1, 2, 3]))
            let loop = RunLoop.current
            let refusing = RecordingDelegate(onEnd: { loop.stop() }, redirect: { _, _ in nil })
            let connection = Connection(request: HTTPRequest(url: server.url("/old")), delegate: refusing, server: server)
            connection.schedule(in: loop, forMode: .default)
            connection.start()
            let deadline = currentRuntime().now() + .seconds(30)
            while !refusing.hasEnded, currentRuntime().now() < deadline {
                guard let result = try? loop.run(mode: .default, before: deadline), result != .finished else { break }
            }
            server.stop()
            results.update { $0 = [followed, refusing] }
        }
        let (followed, refusing) = (results.value[0], results.value[1])
        #expect(followed.redirects == ["303 GET /done on client"])
        #expect(followed.calls == [.response(200), .data(4), .finished])
        #expect(refusing.redirects == ["302 GET /done on client"])
        #expect(refusing.calls == [.response(302), .data(5), .finished])
    }

    @Test("live: GET in chunks with gaps over real TCP; Range; then refused once stopped", arguments: LoopbackAddress.allCases)
    func happyPath(address: LoopbackAddress) {
        let results = Shared<[RecordingDelegate]>([])
        let trace = Shared("")
        Self.onClientThread {
            let server = LoopbackServer(address: address)
            server.route("GET", "/big", .bytes(300_000, seed: 51, chunks: [4, 3, 3, 65_536], gap: .milliseconds(1), etag: "\"v\""))
            let full = Self.exchange(server, HTTPRequest(url: server.url("/big")))
            var ranged = HTTPRequest(url: server.url("/big"))
            ranged.setValue("bytes=100-", forHTTPHeaderField: "Range")
            let partial = Self.exchange(server, ranged)
            server.stop()
            let refused = Self.exchange(server, HTTPRequest(url: server.url("/big")))
            results.update { $0 = [full, partial, refused] }
            trace.update { $0 = currentRuntime().trace.text }
        }
        let delegates = results.value
        #expect(delegates.count == 3)
        guard delegates.count == 3 else { return }
        #expect(delegates[0].calls.first == .response(200))
        #expect(delegates[0].calls.last == .finished)
        #expect(delegates[0].body == DeterministicBody(seed: 51).prefix(300_000))
        #expect(delegates[1].calls.first == .response(206))
        #expect(delegates[1].body == DeterministicBody(seed: 51).bytes(in: 100..<300_000))
        #expect(delegates[2].calls == [.failed(.cannotConnectToHost)])
        #expect(trace.value.contains("server C0 request GET /big"))
        #expect(delegates[0].places.allSatisfy { $0 == "client / kCFRunLoopDefaultMode" })
    }

    @Test("live: a reset mid-body reaches the client as networkConnectionLost")
    func resetLive() {
        let results = Shared<[RecordingDelegate]>([])
        Self.onClientThread {
            let server = LoopbackServer()
            var script = RouteScript.bytes(10, chunks: [4, 3, 3], gap: .milliseconds(1))
            script.fault = .reset(afterBodyBytes: 4)
            server.route("GET", "/reset", script)
            results.update { $0 = [Self.exchange(server, HTTPRequest(url: server.url("/reset")))] }
            server.stop()
        }
        #expect(results.value.first?.calls.last == .failed(.networkConnectionLost))
        #expect(results.value.first?.calls.filter(\.isFinal).count == 1)
    }

    @Test("live: a request whose second half arrives after the server has read its first half is answered whole")
    func requestInTwoWrites() {
        let response = Shared("")
        let firstHalfReadAlone = Shared(false)
        Self.onClientThread {
            let runtime = currentRuntime()
            let server = LoopbackServer()
            server.route("GET", "/late", RouteScript(body: .text("late")))
            let request = HTTPRequest(url: server.url("/late")).wireBytes
            let half = request.count / 2
            guard let socket = try? server.dial(server.url("/late")), let fd = socket.rawValue else { return }
            let deadline = runtime.now() + .seconds(30)
            Self.send(request[..<half], to: fd, before: deadline)
            // The server reads the first half, at once or through its readable source, and
            // must then watch the socket for the rest.
            while !runtime.trace.text.contains("server S1 received \(half) bytes"), runtime.now() < deadline {
                _ = Self.poll(fd, for: POLLIN, milliseconds: 1)
            }
            firstHalfReadAlone.update { $0 = runtime.trace.text.contains("server S1 received \(half) bytes") }
            Self.send(request[half...], to: fd, before: deadline)
            let received = Self.receiveUntilClosed(fd, before: deadline)
            socket.close()
            server.stop()
            response.update { $0 = String(decoding: received, as: UTF8.self) }
        }
        #expect(firstHalfReadAlone.value, "the server read the first half before the second was sent")
        #expect(response.value.hasPrefix("HTTP/1.1 200 OK\r\n"))
        #expect(response.value.hasSuffix("\r\n\r\nlate"))
    }

    /// Waits up to `milliseconds` for `events` on `fd`; whether they came.
    private static func poll(_ fd: Int32, for events: Int32, milliseconds: Int32) -> Bool {
        var entry = pollfd(fd: fd, events: Int16(events), revents: 0)
        return Glibc.poll(&entry, 1, milliseconds) > 0
    }

    /// Writes all of `bytes` to the non-blocking socket `fd`, waiting for room until `deadline`.
    private static func send(_ bytes: ArraySlice<UInt8>, to fd: Int32, before deadline: LabInstant) {
        var rest = bytes
        while !rest.isEmpty, currentRuntime().now() < deadline {
            let sent = rest.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if sent > 0 { rest.removeFirst(sent) } else { _ = poll(fd, for: POLLOUT, milliseconds: 100) }
        }
    }

    /// Reads the non-blocking socket `fd` until the peer closes it, or until `deadline`.
    private static func receiveUntilClosed(_ fd: Int32, before deadline: LabInstant) -> [UInt8] {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while currentRuntime().now() < deadline {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count == 0 { break }
            if count > 0 { received += buffer[..<count] } else { _ = poll(fd, for: POLLIN, milliseconds: 100) }
        }
        return received
    }

    @Test("live: nothing listening on the port → cannotConnectToHost")
    func refusedLive() {
        let results = Shared<[RecordingDelegate]>([])
        Self.onClientThread {
            let server = LoopbackServer()
            let url = server.url("/x")
            server.stop()
            let delegate = Self.exchange(server, HTTPRequest(url: url))
            results.update { $0 = [delegate] }
        }
        #expect(results.value.first?.calls == [.failed(.cannotConnectToHost)])
    }
}
