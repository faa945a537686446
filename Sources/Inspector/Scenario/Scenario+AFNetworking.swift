import AFReplay
import LabRuntime
import NetSim

extension Scenario {
    /// An AFNetworking scenario in `fidelity`: named `"\(base)-263"` or `"\(base)-hardened"`,
    /// judged by every checker of ``CheckerRegistry/all``. Its program runs `setup` on the
    /// lab thread "main", then serves the main queue until the run is quiescent: the shape of
    /// an app after `didFinishLaunching`.
    static func afNetworking(
        _ base: String, _ fidelity: Fidelity, summary: String,
        setup: @escaping @Sendable () -> Void
    ) -> Scenario {
        Scenario(
            name: "\(base)-\(fidelity.scenarioSuffix)", summary: "(\(fidelity.scenarioSuffix)) " + summary,
            checkers: CheckerRegistry.all.checkers, stepLimit: 300_000
        ) {
            setup()
            MainQueue.main.run()
        }
    }

    /// A loopback server with the routes the AFNetworking scenarios fetch: `/stall` never
    /// answers, `/small` sends 10 bytes at once, `/big` sends 10 bytes in chunks 4,3,3 five
    /// milliseconds apart, with ETag "v1" (so a paused download can resume with a Range).
    static func afServer() -> LoopbackServer {
        let server = LoopbackServer()
        server.route("GET", "/stall", RouteScript(fault: .stall))
        server.route("GET", "/small", .bytes(10, seed: 7))
        server.route("GET", "/big", .bytes(10, seed: 9, chunks: [4, 3, 3], gap: .milliseconds(5), etag: "\"v1\""))
        return server
    }
}
