import AFReplay
import LabRuntime
import LabTestSupport
import NetSim
import RunLoopKit
import Testing

/// `setRedirectResponseBlock:` and `connection:willSendRequest:redirectResponse:` (spec §3.10).
@Suite("URLConnectionOperation: redirects and the redirect block")
struct RedirectBlockTests {
    /// Runs a connection operation for `method /start` against a chain `/start` → 302 `/middle`
    /// → 307 `/end`, with `block` installed when given, until quiescence.
    static func run(
        seed: UInt64, method: String = "GET", block: URLConnectionOperation.RedirectResponseBlock? = nil
    ) -> (SimulationResult, URLConnectionOperation, threads: [String]) {
        let operation = Shared<URLConnectionOperation?>(nil)
        let threads = Shared<[String]>([])
        let result = simulate(seed: seed) {
            let server = LoopbackServer()
            server.route(method, "/start", .redirect(302, to: "/middle", body: .text("moved")))
            server.route("GET", "/middle", .redirect(307, to: "http://127.0.0.1:8080/end"))
            server.route("GET", "/end", RouteScript(body: .text("the end")))
            server.route("GET", "/elsewhere", RouteScript(body: .text("elsewhere")))
            let op = URLConnectionOperation(
                request: HTTPRequest(method: method, url: server.url("/start")), server: server, name: "op A")
            if let block {
                op.setRedirectResponseBlock { connection, request, response in
                    threads.append(LabThread.current.name)
                    return block(connection, request, response)
                }
            }
            operation.update { $0 = op }
            op.start()
        }
        return (result, operation.value!, threads.value)
    }

    @Test("no block: every redirect is followed; the response and its URL are the last hop's", arguments: seeds)
    func followsWithoutBlock(seed: UInt64) {
        let (result, op, _) = Self.run(seed: seed)
        #expect(op.isFinished)
        #expect(op.error == nil)
        #expect(op.response?.statusCode == 200)
        #expect(op.responseURL?.pathAndQuery == "/end")
        #expect(op.responseData == Array("the end".utf8))
        #expect(op.redirects.map(\.description) == ["302 /start -> GET /middle", "307 /middle -> GET /end"])
        #expect(
            result.details("connection.callback", containing: "willSendRequest") == [
                "C0 willSendRequest GET http://127.0.0.1:8080/middle redirectResponse 302 → op A",
                "C0 willSendRequest GET http://127.0.0.1:8080/end redirectResponse 307 → op A",
            ])
    }

    @Test("the block runs on the network thread and can rewrite the request", arguments: seeds)
    func rewrites(seed: UInt64) {
        let (_, op, threads) = Self.run(seed: seed) { _, request, response in
            guard response.statusCode == 307 else { return request }
            var rewritten = request
            rewritten.url = request.url.resolving("/elsewhere")!
            return rewritten
        }
        #expect(threads == ["AFNetworking", "AFNetworking"])
        #expect(op.responseData == Array("elsewhere".utf8))
        #expect(op.responseURL?.pathAndQuery == "/elsewhere")
        #expect(op.redirects.last?.description == "307 /middle -> GET /elsewhere")
        #expect(op.redirects.last?.proposed.url.pathAndQuery == "/end")
    }

    @Test("a block returning nil keeps the 302 as the final response", arguments: seeds)
    func refuses(seed: UInt64) {
        let (_, op, _) = Self.run(seed: seed) { _, _, _ in nil }
        #expect(op.isFinished)
        #expect(op.error == nil)
        #expect(op.response?.statusCode == 302)
        #expect(op.responseURL?.pathAndQuery == "/start")
        #expect(op.responseData == Array("moved".utf8))
        #expect(op.redirects.map(\.description) == ["302 /start -> refused"])
    }

    @Test("a POST answered with 302 is followed as a GET")
    func postBecomesGet() {
        let (result, op, _) = Self.run(seed: 1, method: "POST")
        #expect(op.redirects.first?.description == "302 /start -> GET /middle")
        #expect(result.details("server", containing: "request").contains("C0 request POST /start"))
        #expect(op.responseData == Array("the end".utf8))
    }
}
