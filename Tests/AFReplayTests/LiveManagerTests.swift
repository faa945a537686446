import AFReplay
import LabRuntime
import LabTestSupport
import NetSim
import Testing

/// The request-operation manager and the session manager on the live runtime, over real
/// loopback TCP.
@Suite("Live: the managers over loopback TCP")
struct LiveManagerTests {
    /// Runs `body` on the main thread of a fresh live runtime, which then serves the main
    /// queue until `body`'s work calls `MainQueue.main.stop()`; returns the runtime's trace.
    /// An error `body` throws is recorded, and the main queue is then not served.
    static func runLive(_ body: @escaping @Sendable (LoopbackServer) throws -> Void) -> [TraceEvent] {
        let runtime = LiveRuntime()
        let done = runtime.makeSemaphore(named: "done", value: 0)
        let main = runtime.spawnThread(named: "main") {
            let server = makeServer()
            do {
                try body(server)
                try MainQueue.main.run()
            } catch {
                Issue.record(error)
            }
            server.stop()
            done.signal()
        }
        done.wait()
        main.join()
        return runtime.trace.snapshot
    }

    @Test("HTTPRequestOperationManager GET parses JSON and calls success on main")
    func managerGET() {
        let outcome = Shared<[String]>([])
        _ = Self.runLive { server in
            let manager = try HTTPRequestOperationManager(baseURL: server.baseURL, server: server)
            manager.GET(
                "json",
                success: { _, object in
                    outcome.append("success on \(LabThread.current.name): \(object.map { "\($0)" } ?? "nil")")
                    MainQueue.main.stop()
                },
                failure: { _, error in
                    outcome.append("failure \(error)")
                    MainQueue.main.stop()
                })
        }
        #expect(outcome.value.count == 1)
        #expect(outcome.value.first?.hasPrefix("success on main: json(") == true)
    }

    @Test("SessionManager: the handler gets the body on main, then TaskDidComplete is posted on main")
    func sessionTask() {
        let outcome = Shared<[String]>([])
        let trace = Self.runLive { server in
            let manager = try SessionManager(server: server)
            manager.responseSerializer = HTTPResponseSerializer()
            NotificationCenter.default().addObserver(for: .taskDidComplete, observerName: "test") { notification in
                outcome.append("notification \(notification.object?.traceName ?? "nil") on \(LabThread.current.name)")
                MainQueue.main.stop()
            }
            try manager.dataTask(with: get("/big", on: server)) { _, object, error in
                outcome.append(
                    "handler on \(LabThread.current.name): \(object == .data(DeterministicBody(seed: 9).prefix(10))) \(error == nil)")
            }.resume()
        }
        #expect(outcome.value == ["handler on main: true true", "notification task 1 on main"])
        let routed = trace.filter { event in
            guard case let .delegateCallback(_, callback, delegate) = event.kind else { return false }
            return callback.hasPrefix("URLSession:") && delegate == "delegate of task 1"
        }
        #expect(routed.count >= 2)
    }
}
