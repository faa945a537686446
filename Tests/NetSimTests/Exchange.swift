import LabRuntime
import LabTestSupport
import NetSim
import RunLoopKit

/// One simulated request to a scripted server and everything it left behind.
struct Exchange {
    let delegate: RecordingDelegate
    let result: SimulationResult

    /// The trace events of kind `.server`, as text.
    var serverEvents: [String] {
        result.trace.compactMap { if case let .server(text) = $0.kind { text } else { nil } }
    }

    /// The delegate callbacks the trace recorded, as `callback → delegate`.
    var tracedCallbacks: [String] {
        result.trace.compactMap { event in
            if case let .delegateCallback(_, callback, delegate) = event.kind { "\(callback) → \(delegate)" } else { nil }
        }
    }

    /// Runs, under `seed`, one request built by `configure` on a fresh server with `script`
    /// on `GET path` (when given), scheduled in the main thread's default mode, until the
    /// delegate gets its last message; then stops the server.
    static func run(
        seed: UInt64, path: String = "/resource", script: RouteScript?, method: String = "GET",
        configure: @escaping @Sendable (inout HTTPRequest) -> Void = { _ in },
        onMessage: @escaping @Sendable (Connection, RecordingDelegate.Call) -> Void = { _, _ in }
    ) -> Exchange {
        let delegate = Shared<RecordingDelegate?>(nil)
        let result = Simulation.run(seed: seed) {
            let server = LoopbackServer()
            if let script { server.route(method == "HEAD" ? "GET" : method, path, script) }
            var request = HTTPRequest(method: method, url: server.url(path))
            configure(&request)
            let loop = RunLoop.current
            let recorder = RecordingDelegate(onEnd: { loop.stop() }, onMessage: onMessage)
            delegate.update { $0 = recorder }
            let connection = Connection(request: request, delegate: recorder, server: server)
            connection.schedule(in: loop, forMode: .default)
            connection.start()
            runUntilEnded(loop, recorder)
            server.stop()
        }
        return Exchange(delegate: delegate.value!, result: result)
    }

    /// Runs `loop`'s default mode until `delegate` has had its last message (or the mode
    /// runs out of work).
    static func runUntilEnded(_ loop: RunLoop, _ delegate: RecordingDelegate, mode: RunLoopMode = .default) {
        while !delegate.hasEnded {
            guard let result = try? loop.run(mode: mode), result != .finished else { return }
        }
    }
}
