// The loopback network model: "Range requests": 206 with Content-Range, 416 when unsatisfiable, If-Range
// against the ETag: what AFHTTPRequestOperation's pause/resume relies on.
import NetSim
import Testing

@Suite("Connection: Range and If-Range")
struct ConnectionRangeTests {
    private static let script = RouteScript.bytes(10, seed: 21, chunks: [4], etag: "\"v1\"")

    @Test("Range: bytes=4- → 206 with Content-Range and the remaining bytes", arguments: [1, 2] as [UInt64])
    func partial(seed: UInt64) {
        let exchange = Exchange.run(seed: seed, script: Self.script) { $0.setValue("bytes=4-", forHTTPHeaderField: "Range") }
        #expect(exchange.delegate.calls.first == .response(206))
        #expect(exchange.delegate.head?.headers["Content-Range"] == "bytes 4-9/10")
        #expect(exchange.delegate.body == DeterministicBody(seed: 21).bytes(in: 4..<10))
        #expect(exchange.delegate.calls.last == .finished)
    }

    @Test("Range: bytes=2-5 → 206 with exactly those bytes")
    func boundedRange() {
        let exchange = Exchange.run(seed: 3, script: Self.script) { $0.setValue("bytes=2-5", forHTTPHeaderField: "Range") }
        #expect(exchange.delegate.head?.headers["Content-Range"] == "bytes 2-5/10")
        #expect(exchange.delegate.body == DeterministicBody(seed: 21).bytes(in: 2..<6))
    }

    @Test("Range past the end → 416 with Content-Range: bytes */10 and no body")
    func unsatisfiable() {
        let exchange = Exchange.run(seed: 4, script: Self.script) { $0.setValue("bytes=10-", forHTTPHeaderField: "Range") }
        #expect(exchange.delegate.calls == [.response(416), .finished])
        #expect(exchange.delegate.head?.headers["Content-Range"] == "bytes */10")
    }

    @Test("If-Range matching the ETag → 206; a stale one → the full 200")
    func ifRange() {
        let matching = Exchange.run(seed: 5, script: Self.script) { request in
            request.setValue("bytes=4-", forHTTPHeaderField: "Range")
            request.setValue("\"v1\"", forHTTPHeaderField: "If-Range")
        }
        #expect(matching.delegate.calls.first == .response(206))
        let stale = Exchange.run(seed: 5, script: Self.script) { request in
            request.setValue("bytes=4-", forHTTPHeaderField: "Range")
            request.setValue("\"v0\"", forHTTPHeaderField: "If-Range")
        }
        #expect(stale.delegate.calls.first == .response(200))
        #expect(stale.delegate.head?.headers["Content-Range"] == nil)
        #expect(stale.delegate.body == DeterministicBody(seed: 21).prefix(10))
    }

    @Test("a route that does not accept ranges ignores Range")
    func rangesOff() {
        var script = Self.script
        script.acceptsRanges = false
        let exchange = Exchange.run(seed: 6, script: script) { $0.setValue("bytes=4-", forHTTPHeaderField: "Range") }
        #expect(exchange.delegate.calls.first == .response(200))
        #expect(exchange.delegate.body.count == 10)
    }
}
