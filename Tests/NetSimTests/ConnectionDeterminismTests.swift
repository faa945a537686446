// DESIGN.md "Determinism rules": the same seed gives a byte-identical trace, here for two
// connections to the scripted server interleaving on one loop.
import LabRuntime
import NetSim
import RunLoopKit
import Testing

@Suite("Connection: determinism")
struct ConnectionDeterminismTests {
    /// A large download and a small GET on one loop, as in AFNetworking's network thread.
    private static func twoConnections(seed: UInt64) -> SimulationResult {
        Simulation.run(seed: seed) {
            let server = LoopbackServer()
            server.route("GET", "/big", .bytes(200_000, seed: 5, chunks: [65_536], gap: .milliseconds(3), etag: "\"b\""))
            server.route("GET", "/small", .bytes(10, seed: 6, chunks: [4, 3, 3], gap: .milliseconds(2)))
            let loop = RunLoop.current
            let big = RecordingDelegate("op big")
            let small = RecordingDelegate("op small")
            for (path, delegate) in [("/big", big), ("/small", small)] {
                let connection = Connection(request: HTTPRequest(url: server.url(path)), delegate: delegate, server: server)
                connection.schedule(in: loop, forMode: .common)
                connection.start()
            }
            while !(big.hasEnded && small.hasEnded) {
                guard let result = try? loop.run(mode: .default), result != .finished else { break }
            }
            server.stop()
        }
    }

    @Test("the same seed gives a byte-identical trace for two interleaved connections", arguments: [1, 2, 3] as [UInt64])
    func sameSeedSameTrace(seed: UInt64) {
        let first = Self.twoConnections(seed: seed)
        let second = Self.twoConnections(seed: seed)
        #expect(first.outcome == .quiescent)
        #expect(first.traceText == second.traceText)
        let callbacks = first.trace.compactMap { event -> String? in
            if case let .delegateCallback(connection, callback, delegate) = event.kind, callback == "didFinishLoading" {
                "C\(connection) → \(delegate)"
            } else {
                nil
            }
        }
        #expect(callbacks.sorted() == ["C0 → op big", "C1 → op small"])
    }

    @Test("every callback names the delegate of its own connection")
    func callbacksReachTheirOwnDelegate() {
        let result = Self.twoConnections(seed: 9)
        for event in result.trace {
            guard case let .delegateCallback(connection, _, delegate) = event.kind else { continue }
            #expect(delegate == (connection == 0 ? "op big" : "op small"))
        }
    }
}
