// Redirects: NSURLConnection follows a 3xx with Location, asking its delegate first
// (`connection:willSendRequest:redirectResponse:`), on the connection's thread.
import LabRuntime
import LabTestSupport
import NetSim
import RunLoopKit
import Testing

@Suite("Connection: redirects under simulation")
struct ConnectionRedirectTests {
    /// A redirect route: `status` with `Location: location` and a small body.
    static func redirect(_ status: Int, to location: String) -> RouteScript {
        .redirect(status, to: location, body: .text("moved\n"))
    }

    /// Runs one request for `method path` (with `body`) against `routes`, until the
    /// delegate's last message.
    static func run(
        seed: UInt64 = 1, method: String = "GET", path: String, body: [UInt8] = [],
        routes: [(String, String, RouteScript)],
        redirect: @escaping @Sendable (HTTPRequest, HTTPResponseHead) -> HTTPRequest? = { request, _ in request }
    ) -> Exchange {
        let delegate = Shared<RecordingDelegate?>(nil)
        let result = Simulation.run(seed: seed) {
            let server = LoopbackServer()
            for (method, path, script) in routes { server.route(method, path, script) }
            let request = HTTPRequest(method: method, url: server.url(path), body: body)
            let loop = RunLoop.current
            let recorder = RecordingDelegate(onEnd: { loop.stop() }, redirect: redirect)
            delegate.update { $0 = recorder }
            let connection = Connection(request: request, delegate: recorder, server: server)
            connection.schedule(in: loop, forMode: .default)
            connection.start()
            Exchange.runUntilEnded(loop, recorder)
            server.stop()
        }
        return Exchange(delegate: delegate.value!, result: result)
    }

    @Test("a 302 chain is followed on the connection's thread; only the final response is delivered", arguments: [1, 2, 3] as [UInt64])
    func followsChain(seed: UInt64) {
        let exchange = Self.run(
            seed: seed, path: "/a",
            routes: [
                ("GET", "/a", Self.redirect(301, to: "/b")),
                ("GET", "/b", Self.redirect(302, to: "http://127.0.0.1:8080/c")),
                ("GET", "/c", RouteScript(body: .text("done"))),
            ])
        #expect(exchange.delegate.redirects == ["301 GET /b on main", "302 GET /c on main"])
        #expect(exchange.delegate.calls == [.response(200), .data(4), .finished])
        #expect(exchange.delegate.body == Array("done".utf8))
        #expect(
            exchange.tracedCallbacks.prefix(2) == [
                "willSendRequest GET http://127.0.0.1:8080/b redirectResponse 301 → op A",
                "willSendRequest GET http://127.0.0.1:8080/c redirectResponse 302 → op A",
            ])
        #expect(
            exchange.serverEvents.filter { $0.hasPrefix("C0 request") } == ["C0 request GET /a", "C0 request GET /b", "C0 request GET /c"])
    }

    @Test("303 turns POST into GET without the body; 307 and 308 keep POST and its body", arguments: [303, 307, 308, 301, 302])
    func methodRules(status: Int) {
        let exchange = Self.run(
            method: "POST", path: "/form", body: Array("x=1".utf8),
            routes: [
                ("POST", "/form", Self.redirect(status, to: "/next")),
                ("GET", "/next", RouteScript(body: .text("got"))),
                ("POST", "/next", RouteScript(body: .text("posted"))),
            ])
        let keepsPost = status == 307 || status == 308
        #expect(exchange.delegate.redirects == ["\(status) \(keepsPost ? "POST" : "GET") /next on main"])
        #expect(exchange.delegate.body == Array((keepsPost ? "posted" : "got").utf8))
        #expect(exchange.serverEvents.contains(keepsPost ? "C0 request POST /next with 3 body bytes" : "C0 request GET /next"))
    }

    @Test("a delegate that returns nil keeps the 3xx as the final response, body and all")
    func refused() {
        let exchange = Self.run(
            path: "/old", routes: [("GET", "/old", Self.redirect(302, to: "/new")), ("GET", "/new", RouteScript())],
            redirect: { _, _ in nil })
        #expect(exchange.delegate.redirects == ["302 GET /new on main"])
        #expect(exchange.delegate.calls == [.response(302), .data(6), .finished])
        #expect(exchange.delegate.head?.headers["Location"] == "/new")
        #expect(!exchange.serverEvents.contains("C0 request GET /new"))
    }

    @Test("a delegate may rewrite the request: the rewritten one is sent")
    func rewritten() {
        let exchange = Self.run(
            path: "/old",
            routes: [
                ("GET", "/old", Self.redirect(307, to: "/new")), ("GET", "/new", RouteScript(body: .text("new"))),
                ("GET", "/mirror", RouteScript(body: .text("mirror"))),
            ],
            redirect: { request, _ in
                var rewritten = request
                rewritten.url = request.url.resolving("/mirror")!
                return rewritten
            })
        #expect(exchange.delegate.body == Array("mirror".utf8))
        #expect(exchange.serverEvents.contains("C0 request GET /mirror"))
    }

    @Test("a redirect loop fails with NSURLErrorHTTPTooManyRedirects after the limit")
    func tooManyRedirects() {
        let exchange = Self.run(path: "/loop", routes: [("GET", "/loop", Self.redirect(302, to: "/loop"))])
        #expect(exchange.delegate.redirects.count == Connection.redirectLimit)
        #expect(exchange.delegate.calls == [.failed(.httpTooManyRedirects)])
        #expect(exchange.delegate.error?.failingURL == "http://127.0.0.1:8080/loop")
        #expect(exchange.serverEvents.filter { $0 == "C0 request GET /loop" }.count == Connection.redirectLimit + 1)
    }

    @Test("a 3xx without Location, or a 304, is an ordinary final response", arguments: [300, 302, 304])
    func notARedirect(status: Int) {
        let exchange = Self.run(path: "/x", routes: [("GET", "/x", RouteScript(status: status, body: .text("here")))])
        #expect(exchange.delegate.redirects.isEmpty)
        #expect(exchange.delegate.calls.first == .response(status))
        #expect(!exchange.tracedCallbacks.contains { $0.hasPrefix("willSendRequest") })
    }

    @Test("the request NSURLConnection proposes for each status")
    func proposedRequest() {
        let url = LabURL(string: "http://127.0.0.1:8080/next")!
        var post = HTTPRequest(method: "POST", url: LabURL(string: "http://127.0.0.1:8080/form")!, body: [1, 2])
        post.setValue("text/plain", forHTTPHeaderField: "Content-Type")
        #expect(post.redirected(to: url, status: 303).method == "GET")
        #expect(post.redirected(to: url, status: 303).body.isEmpty)
        #expect(post.redirected(to: url, status: 303).value(forHTTPHeaderField: "Content-Type") == nil)
        #expect(post.redirected(to: url, status: 307) == HTTPRequest(method: "POST", url: url, headers: post.headers, body: [1, 2]))
        #expect(HTTPRequest(method: "PUT", url: url).redirected(to: url, status: 302).method == "PUT")
        #expect(HTTPRequest(method: "HEAD", url: url).redirected(to: url, status: 303).method == "HEAD")
    }
}
