// The loopback network model: "Connection" and "Scripts per route": an NSURLConnection-like exchange with the
// scripted loopback server under simulation, observed through the delegate and the trace.
import LabRuntime
import NetSim
import Testing

@Suite("Connection: scripted responses under simulation")
struct ConnectionHappyPathTests {
    @Test(
        "GET in chunks 4,3,3 every 5 ms: response, data in order, finish; virtual time covers the gaps",
        arguments: [1, 2, 3, 4] as [UInt64])
    func chunkedGet(seed: UInt64) {
        let script = RouteScript.bytes(10, seed: 7, chunks: [4, 3, 3], gap: .milliseconds(5), etag: "\"v1\"")
        let exchange = Exchange.run(seed: seed, path: "/big", script: script)
        let delegate = exchange.delegate
        #expect(exchange.result.outcome == .quiescent)
        #expect(delegate.calls.first == .response(200))
        #expect(delegate.calls.last == .finished)
        #expect(delegate.body == DeterministicBody(seed: 7).prefix(10))
        #expect(delegate.head?.headers["ETag"] == "\"v1\"")
        #expect(delegate.head?.expectedContentLength == 10)
        #expect(exchange.result.endTime >= .zero + .milliseconds(10))
        #expect(exchange.serverEvents.contains("C0 sent 4 bytes"))
        #expect(exchange.serverEvents.filter { $0 == "C0 sent 3 bytes" }.count == 2)
        #expect(
            exchange.tracedCallbacks
                == delegate.calls.map { call in
                    switch call {
                    case let .response(status): "didReceiveResponse \(status) → op A"
                    case let .data(count): "didReceiveData \(count) bytes → op A"
                    case .finished: "didFinishLoading → op A"
                    case let .failed(code): "didFailWithError \(code.rawValue) → op A"
                    }
                })
        #expect(delegate.places.allSatisfy { $0 == "main / kCFRunLoopDefaultMode" })
    }
}

extension ConnectionHappyPathTests {
    @Test("HEAD: headers only, with the GET route's Content-Length, then finish")
    func head() {
        let exchange = Exchange.run(seed: 5, script: .bytes(10, chunks: [4, 3, 3]), method: "HEAD")
        #expect(exchange.delegate.calls == [.response(200), .finished])
        #expect(exchange.delegate.head?.headers["Content-Length"] == "10")
        #expect(exchange.serverEvents.contains("C0 request HEAD /resource"))
    }

    @Test("no route: 404 with a small text body")
    func notFound() {
        let exchange = Exchange.run(seed: 6, script: nil)
        #expect(exchange.delegate.calls.first == .response(404))
        #expect(exchange.delegate.calls.last == .finished)
        #expect(exchange.delegate.body == Array("no route for GET /resource\n".utf8))
        #expect(exchange.delegate.head?.headers["Content-Type"] == "text/plain")
    }

    @Test("chunked transfer-encoding: one HTTP chunk per write, the body arrives whole", arguments: [1, 2] as [UInt64])
    func chunkedTransferEncoding(seed: UInt64) {
        var script = RouteScript.bytes(100, seed: 3, chunks: [30, 50], gap: .milliseconds(1))
        script.chunkedEncoding = true
        let exchange = Exchange.run(seed: seed, script: script)
        #expect(exchange.delegate.head?.headers["Transfer-Encoding"] == "chunked")
        #expect(exchange.delegate.body == DeterministicBody(seed: 3).prefix(100))
        #expect(exchange.delegate.calls.last == .finished)
    }

    @Test("a literal body, extra headers in order, a custom status")
    func literalBody() {
        let script = RouteScript(
            status: 201, contentType: "application/json",
            extraHeaders: [HTTPHeaderField(name: "X-One", value: "1"), HTTPHeaderField(name: "X-Two", value: "2")],
            body: .text("{\"ok\":true}"))
        let exchange = Exchange.run(seed: 8, script: script)
        #expect(exchange.delegate.calls.first == .response(201))
        #expect(String(decoding: exchange.delegate.body, as: UTF8.self) == "{\"ok\":true}")
        let names = exchange.delegate.head?.headers.fields.map(\.name) ?? []
        #expect(names.firstIndex(of: "X-One")! < names.firstIndex(of: "X-Two")!)
        #expect(exchange.delegate.head?.headers["Content-Type"] == "application/json")
    }

    @Test("POST: the server reads the request body before it answers")
    func postWithBody() {
        let exchange = Exchange.run(seed: 9, path: "/upload", script: .bytes(2), method: "POST") { request in
            request.body = Array("hello".utf8)
        }
        #expect(exchange.delegate.calls.last == .finished)
        #expect(exchange.serverEvents.contains("C0 request POST /upload with 5 body bytes"))
    }

    @Test("a request head over the server's limit is answered with 431")
    func oversizedRequest() {
        let exchange = Exchange.run(seed: 10, script: .bytes(2)) { request in
            request.setValue(String(repeating: "x", count: 9000), forHTTPHeaderField: "X-Big")
        }
        #expect(exchange.delegate.calls.first == .response(431))
        #expect(exchange.delegate.calls.last == .finished)
    }

    @Test("a 1 MiB body in 64 KiB writes fills the socket buffer: partial writes wait for room", arguments: [1, 2] as [UInt64])
    func largeBody(seed: UInt64) {
        let size = 1 << 20
        let exchange = Exchange.run(seed: seed, script: .bytes(size, seed: 11, chunks: [64 * 1024]))
        #expect(exchange.result.outcome == .quiescent)
        #expect(exchange.delegate.calls.last == .finished)
        #expect(exchange.delegate.body.count == size)
        #expect(exchange.delegate.body == DeterministicBody(seed: 11).prefix(size))
        #expect(exchange.serverEvents.contains { $0.hasSuffix("pending") })
    }
}

extension ConnectionHappyPathTests {
    @Test(
        "a read takes 64 KiB of body with the head: a 64 KiB response arrives in one didReceiveData, not two",
        arguments: [1, 2, 3, 4] as [UInt64])
    func oneReadPerResponse(seed: UInt64) {
        let size = 64 * 1024
        let exchange = Exchange.run(seed: seed, script: .bytes(size, seed: 5, chunks: [size]))
        #expect(exchange.delegate.calls == [.response(200), .data(size), .finished])
        #expect(exchange.delegate.body == DeterministicBody(seed: 5).prefix(size))
    }
}
