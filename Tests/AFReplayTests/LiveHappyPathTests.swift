import AFReplay
import LabRuntime
import LabTestSupport
import NetSim
import Testing

/// The happy path on the live runtime, over real loopback TCP.
@Suite("Live: the happy path over loopback TCP")
struct LiveHappyPathTests {
    @Test("an HTTP operation downloads, succeeds on main and posts DidStart/DidFinish, on real threads and sockets")
    func liveHappyPath() throws {
        let runtime = LiveRuntime()
        let outcome = Shared<[String]>([])
        let done = runtime.makeSemaphore(named: "done", value: 0)
        let main = runtime.spawnThread(named: "main") {
            let server = makeServer()
            let indicator = NetworkActivityIndicator()
            let op = HTTPRequestOperation(request: get("/big", on: server), server: server, name: "op A")
            let awaited = Shared(2)
            let arrived: @Sendable () -> Void = {
                awaited.update { $0 -= 1 }
                guard awaited.value == 0 else { return }
                outcome.append("indicator \(indicator.history)")
                MainQueue.main.stop()
            }
            NotificationCenter.default().addObserver(for: .operationDidFinish, object: op, observerName: "test") { _ in arrived() }
            op.setCompletionBlockWithSuccess(
                { _, object in
                    outcome.append("success on \(LabThread.current.name): \(object == .data(DeterministicBody(seed: 9).prefix(10)))")
                    arrived()
                },
                failure: { _, error in
                    outcome.append("failure \(error)")
                    MainQueue.main.stop()
                })
            op.start()
            #expect(throws: Never.self) { try MainQueue.main.run() }
            server.stop()
            done.signal()
        }
        done.wait()
        main.join()
        #expect(outcome.value == ["success on main: true", "indicator [1, 0]"])
        let posted = runtime.trace.snapshot.filter { $0.name == "notification.post" }.map(\.threadName)
        #expect(posted == ["main", "main"])
    }
}
