import AFReplay
import LabRuntime
import LabTestSupport
import NetSim
import Testing

/// AFHTTPRequestOperationManager against the loopback server (spec §3.17).
@Suite("HTTPRequestOperationManager: GET, HEAD, POST, PUT and DELETE against a base URL")
struct RequestOperationManagerTests {
    /// What a success or failure block saw.
    struct Outcome: Sendable, Equatable {
        var call: String
        var kind: String
        var object: ResponseObject?
        var errorCode: Int?
        var thread: String
    }

    /// A JSON body naming `method`.
    static func json(_ method: String) -> RouteScript {
        RouteScript(contentType: "application/json", body: .text(#"{"method":"\#(method)"}"#))
    }

    /// Runs `calls` on a manager whose base URL is the server's `/api`, recording every
    /// outcome and the operations the calls returned.
    static func run(
        seed: UInt64, fidelity: Fidelity,
        _ calls: @escaping @Sendable (HTTPRequestOperationManager, Shared<[Outcome]>) throws -> [HTTPRequestOperation?]
    )
        -> (SimulationResult, [Outcome], [HTTPRequestOperation?])
    {
        let outcomes = Shared<[Outcome]>([])
        let returned = Shared<[HTTPRequestOperation?]>([])
        let result = simulate(seed: seed) {
            let server = makeServer()
            server.route("GET", "/api/items", json("GET"))
            server.route(
                "POST", "/api/items", RouteScript(status: 201, contentType: "application/json", body: .text(#"{"method":"POST"}"#)))
            server.route("PUT", "/api/items/7", json("PUT"))
            server.route("DELETE", "/api/items/7", RouteScript(status: 204, contentType: nil))
            server.route(
                "GET", "/api/missing", RouteScript(status: 404, contentType: "application/json", body: .text(#"{"error":"nope"}"#)))
            server.route(
                "GET", "/api/reset",
                RouteScript(contentType: "application/json", body: .text(#"{"a":1}"#), fault: .reset(afterBodyBytes: 3)))
            let manager = try HTTPRequestOperationManager(baseURL: server.url("/api"), server: server, fidelity: fidelity)
            let made = try calls(manager, outcomes)
            returned.update { $0 = made }
        }
        return (result, outcomes.value, returned.value)
    }

    /// A success block that records `call`.
    static func success(_ call: String, _ outcomes: Shared<[Outcome]>) -> HTTPRequestOperationManager.Success {
        { _, object in outcomes.append(Outcome(call: call, kind: "success", object: object, thread: LabThread.current.name)) }
    }

    /// A failure block that records `call`.
    static func failure(_ call: String, _ outcomes: Shared<[Outcome]>) -> HTTPRequestOperationManager.Failure {
        { operation, error in
            outcomes.append(
                Outcome(
                    call: call + (operation == nil ? " (no operation)" : ""), kind: "failure",
                    errorCode: error.code, thread: LabThread.current.name))
        }
    }

    @Test(
        "the five methods reach their routes relative to the base URL; the server reads each method and body; success on main",
        arguments: Fidelity.allCases, seeds)
    func fiveMethods(fidelity: Fidelity, seed: UInt64) {
        let (result, outcomes, returned) = Self.run(seed: seed, fidelity: fidelity) { manager, outcomes in
            [
                manager.GET(
                    "items", parameters: ["q": "a b", "page": "2"], success: Self.success("GET", outcomes),
                    failure: Self.failure("GET", outcomes)),
                manager.HEAD(
                    "items", success: { _ in outcomes.append(Outcome(call: "HEAD", kind: "success", thread: LabThread.current.name)) },
                    failure: Self.failure("HEAD", outcomes)),
                manager.POST(
                    "items", parameters: ["name": "lamp", "watts": "40"], success: Self.success("POST", outcomes),
                    failure: Self.failure("POST", outcomes)),
                manager.PUT(
                    "/api/items/7", parameters: ["name": "desk lamp"], success: Self.success("PUT", outcomes),
                    failure: Self.failure("PUT", outcomes)),
                manager.DELETE(
                    "http://127.0.0.1:8080/api/items/7", success: Self.success("DELETE", outcomes),
                    failure: Self.failure("DELETE", outcomes)),
            ]
        }
        #expect(result.outcome == .quiescent)
        #expect(returned.allSatisfy { $0 != nil })
        let requests = result.details("server", containing: " request ")
        #expect(requests.count == 5)
        #expect(requests.contains { $0.hasSuffix("request GET /api/items?page=2&q=a%20b") })
        #expect(requests.contains { $0.hasSuffix("request HEAD /api/items") })
        #expect(requests.contains { $0.hasSuffix("request POST /api/items with 18 body bytes") })
        #expect(requests.contains { $0.hasSuffix("request PUT /api/items/7 with 16 body bytes") })
        #expect(requests.contains { $0.hasSuffix("request DELETE /api/items/7") })
        let sorted = outcomes.sorted { $0.call < $1.call }
        #expect(
            sorted == [
                Outcome(call: "DELETE", kind: "success", thread: "main"),
                Outcome(call: "GET", kind: "success", object: .json(.object([("method", .string("GET"))])), thread: "main"),
                Outcome(call: "HEAD", kind: "success", thread: "main"),
                Outcome(call: "POST", kind: "success", object: .json(.object([("method", .string("POST"))])), thread: "main"),
                Outcome(call: "PUT", kind: "success", object: .json(.object([("method", .string("PUT"))])), thread: "main"),
            ])
        #expect(
            returned.compactMap { $0?.request.value(forHTTPHeaderField: "Content-Type") }
                == ["application/x-www-form-urlencoded", "application/x-www-form-urlencoded"])
        #expect(returned[2]?.request.body == Array("name=lamp&watts=40".utf8))
        #expect(returned.allSatisfy { $0?.state == .finished })
    }

    @Test(
        "operations run on the manager's own queue, default concurrency, with the manager's serializer, queue and group copied",
        arguments: Fidelity.allCases)
    func copiesSettings(fidelity: Fidelity) {
        let seen = Shared<[String]>([])
        let group = Shared<DispatchGroupModel?>(nil)
        let (result, outcomes, returned) = Self.run(seed: 3, fidelity: fidelity) { manager, outcomes in
            let completion = try DispatchQueueModel(label: "test completion queue")
            let made = DispatchGroupModel(label: "test group")
            group.update { $0 = made }
            manager.responseSerializer = HTTPResponseSerializer()
            manager.completionQueue = completion
            manager.completionGroup = made
            let ops = (0..<3).map { _ in
                manager.GET("/small", success: Self.success("GET", outcomes), failure: Self.failure("GET", outcomes))
            }
            seen.append("limit \(manager.operationQueue.maxConcurrentOperationCount)")
            seen.append("queued \(manager.operationQueue.operationCount)")
            seen.append("copied \(ops.allSatisfy { $0?.completionQueue === completion && $0?.completionGroup === made })")
            return ops
        }
        #expect(result.outcome == .quiescent)
        #expect(seen.value == ["limit \(LabOperationQueue.defaultMaxConcurrentOperationCount)", "queued 3", "copied true"])
        #expect(outcomes.count == 3)
        #expect(outcomes.allSatisfy { $0.kind == "success" && $0.object == .data(DeterministicBody(seed: 7).prefix(10)) })
        #expect(outcomes.allSatisfy { $0.thread.hasPrefix("test completion queue #") })
        #expect(group.value?.outstanding == 0)
        #expect(returned.allSatisfy { $0?.state == .finished })
        #expect(result.events("perform.run").contains { $0.threadName.hasPrefix("NSOperationQueue AFHTTPRequestOperationManager queue #") })
    }

    @Test("a URL string that does not resolve: no operation, failure(nil, −1000) dispatched to main", arguments: Fidelity.allCases)
    func requestSerializationFailure(fidelity: Fidelity) {
        let (result, outcomes, returned) = Self.run(seed: 1, fidelity: fidelity) { manager, outcomes in
            [
                manager.GET("http://example.com/items", success: Self.success("GET", outcomes), failure: Self.failure("GET", outcomes)),
                manager.POST("items with spaces", success: Self.success("POST", outcomes), failure: Self.failure("POST", outcomes)),
            ]
        }
        #expect(result.outcome == .quiescent)
        #expect(returned.allSatisfy { $0 == nil })
        #expect(
            outcomes == [
                Outcome(call: "GET (no operation)", kind: "failure", errorCode: -1000, thread: "main"),
                Outcome(call: "POST (no operation)", kind: "failure", errorCode: -1000, thread: "main"),
            ])
        #expect(result.events("connection.create").isEmpty)
    }

    @Test(
        "a failing request reports failure with the operation: 404 with JSON is −1011, a server reset −1005",
        arguments: Fidelity.allCases, seeds)
    func failures(fidelity: Fidelity, seed: UInt64) {
        let (result, outcomes, _) = Self.run(seed: seed, fidelity: fidelity) { manager, outcomes in
            [
                manager.GET("missing", success: Self.success("GET missing", outcomes), failure: Self.failure("GET missing", outcomes)),
                manager.GET("reset", success: Self.success("GET reset", outcomes), failure: Self.failure("GET reset", outcomes)),
            ]
        }
        #expect(result.outcome == .quiescent)
        let sorted = outcomes.sorted { $0.call < $1.call }
        #expect(sorted.map(\.kind) == ["failure", "failure"])
        #expect(sorted.map(\.errorCode) == [-1011, -1005])
        #expect(sorted.allSatisfy { $0.thread == "main" })
    }
}
