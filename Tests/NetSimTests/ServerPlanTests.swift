import Testing

// The loopback server's request reading (with its size limit) and response planning (Range,
// If-Range, faults), as pure values: the server half of issue 3 §1.
@testable import NetSim

@Suite("Loopback server: request reading and response plans")
struct ServerPlanTests {
    private static func head(_ method: String = "GET", _ target: String = "/r", _ fields: [(String, String)] = []) -> HTTPRequestHead {
        HTTPRequestHead(method: method, target: target, headers: HTTPHeaders(fields.map { HTTPHeaderField(name: $0.0, value: $0.1) }))
    }

    private static func wire(_ plan: ResponsePlan) -> String {
        String(decoding: plan.steps.flatMap { step -> [UInt8] in if case let .send(bytes) = step { bytes } else { [] } }, as: UTF8.self)
    }

    @Test("a request arriving a byte at a time is read once complete, body included")
    func readsIncrementally() {
        var reader = HTTPRequestReader()
        let bytes = Array("POST /x?y=1 HTTP/1.1\r\nHost: h\r\nContent-Length: 3\r\n\r\nabc".utf8)
        var progress = HTTPRequestReader.Progress.needMore
        for byte in bytes.dropLast() {
            progress = reader.feed([byte])
            #expect(progress == .needMore)
        }
        progress = reader.feed([bytes.last!])
        guard case let .request(head, bodyBytes) = progress else {
            Issue.record("not read: \(progress)")
            return
        }
        #expect(head.method == "POST")
        #expect(head.path == "/x")
        #expect(head.headers["host"] == "h")
        #expect(bodyBytes == 3)
    }

    @Test(
        "garbage request lines and header lines are refused with 400; an oversized head with 431",
        arguments: [
            ("GARBAGE\r\n\r\n", 400), ("GET /x HTTP/1.1\r\nno colon here\r\n\r\n", 400),
            ("GET x HTTP/1.1\r\n\r\n", 400), ("GET /x HTTP/1.1\r\nContent-Length: -1\r\n\r\n", 400),
            ("\r\n", 400), (" GET /x HTTP/1.1\r\n\r\n", 400), ("GET /x  HTTP/1.1\r\n\r\n", 400),
            ("GET /x HTTP/1.1 x\r\n\r\n", 400),
            ("GET /x HTTP/1.1\r\nX: " + String(repeating: "a", count: 9000) + "\r\n\r\n", 431),
            ("GET /x HTTP/1.1\r\nX: " + String(repeating: "a", count: 9000), 431),
        ])
    func refusals(text: String, status: Int) {
        var reader = HTTPRequestReader()
        guard case let .refused(refused, _) = reader.feed(Array(text.utf8)) else {
            Issue.record("not refused")
            return
        }
        #expect(refused == status)
    }

    @Test("Range forms: bytes=N- and bytes=N-M are honoured; others are ignored")
    func rangeForms() {
        #expect(ResponsePlan.firstByteRange("bytes=4-")! == (4, nil))
        #expect(ResponsePlan.firstByteRange("bytes=2-5")! == (2, 5))
        for ignored in ["bytes=-5", "bytes=5-2", "items=1-", "bytes=1-2,4-5", "bytes=x-"] {
            #expect(ResponsePlan.firstByteRange(ignored) == nil)
        }
    }

    @Test("plans: chunk sizes repeat their last size; gaps go between writes; Connection: close is always sent")
    func chunking() {
        let plan = ResponsePlan(request: Self.head(), route: .bytes(10, chunks: [4, 1], gap: .milliseconds(3)))
        let sizes = plan.steps.compactMap { step -> Int? in if case let .send(bytes) = step { bytes.count } else { nil } }.dropFirst()
        #expect(Array(sizes) == [4, 1, 1, 1, 1, 1, 1])
        #expect(plan.steps.filter { $0 == .pause(.milliseconds(3)) }.count == 6)
        #expect(plan.steps.last == .close)
        #expect(Self.wire(plan).hasPrefix("HTTP/1.1 200 OK\r\nAccept-Ranges: bytes\r\n"))
        #expect(Self.wire(plan).contains("Content-Length: 10\r\nConnection: close\r\n\r\n"))
    }

    @Test("faults shape the plan: close before headers sends nothing; a stall sends nothing and keeps the socket; a reset cuts the body")
    func faultPlans() {
        var script = RouteScript.bytes(10, chunks: [4])
        script.fault = .closeBeforeHeaders
        #expect(ResponsePlan(request: Self.head(), route: script).steps == [.close])
        script.fault = .stall
        #expect(ResponsePlan(request: Self.head(), route: script).steps == [.stall])
        script.fault = .reset(afterBodyBytes: 6)
        let reset = ResponsePlan(request: Self.head(), route: script)
        #expect(reset.steps.last == .reset)
        #expect(Self.wire(reset).hasSuffix("\r\n\r\n" + String(decoding: DeterministicBody(seed: 1).prefix(6), as: UTF8.self)))
        script.fault = .contentLengthLonger(by: 5)
        #expect(Self.wire(ResponsePlan(request: Self.head(), route: script)).contains("Content-Length: 15\r\n"))
        script.fault = .contentLengthShorter(by: 5)
        script.chunkedEncoding = true
        let shorter = Self.wire(ResponsePlan(request: Self.head(), route: script))
        #expect(shorter.contains("Content-Length: 5\r\n") && !shorter.contains("chunked"))
    }

    @Test(
        "plans kept on a pthread: a request alike on the same script gets the plan a new one would be; another script, range or method gets its own"
    )
    func keptPlans() {
        let script = RouteScript.bytes(10, chunks: [4], etag: "\"v1\"")
        func plan(_ request: HTTPRequestHead, _ route: RouteScript?) -> ResponsePlan {
            ResponsePlanCache.plan(for: request, inputs: ResponsePlan.Inputs(request), route: route)
        }
        let requests = [
            Self.head(), Self.head("HEAD"), Self.head("GET", "/other"), Self.head("GET", "/r", [("Range", "bytes=2-")]),
            Self.head("GET", "/r", [("Range", "bytes=2-"), ("If-Range", "\"v0\"")]),
        ]
        var changed = script
        changed.status = 203
        for request in requests {
            for route in [script, changed, nil] {
                // The first may be made here; the second is then the kept one.
                #expect(plan(request, route) == ResponsePlan(request: request, route: route))
                #expect(plan(request, route) == ResponsePlan(request: request, route: route))
            }
        }
    }
}
