// The loopback network model: "callbacks arrive only on the thread whose loop the connection is scheduled in,
// and only while that loop runs one of those modes" — NSURLConnection's
// scheduleInRunLoop:forMode: contract.
import LabRuntime
import LabTestSupport
import NetSim
import RunLoopKit
import Testing

@Suite("Connection: run-loop modes and threads")
struct ConnectionModeTests {
    @Test(
        "scheduled in a custom mode: running the default mode delivers nothing; running the custom mode delivers everything",
        arguments: [1, 2, 3] as [UInt64])
    func customModeOnly(seed: UInt64) {
        let beforeCustom = Shared(-1)
        let delegate = Shared<RecordingDelegate?>(nil)
        let result = Simulation.run(seed: seed) {
            let server = LoopbackServer()
            server.route("GET", "/x", .bytes(10, chunks: [5], gap: .milliseconds(1)))
            let loop = RunLoop.current
            let custom = RunLoopMode("LabCustomMode")
            let recorder = RecordingDelegate { loop.stop() }
            delegate.update { $0 = recorder }
            let connection = Connection(request: HTTPRequest(url: server.url("/x")), delegate: recorder, server: server)
            connection.schedule(in: loop, forMode: custom)
            connection.start()
            let keepAlive = EventFDPort(name: "keep-alive")
            _ = try? loop.add(keepAlive, forMode: .default)
            _ = try? loop.run(mode: .default, for: .milliseconds(50))
            beforeCustom.update { $0 = recorder.calls.count }
            Exchange.runUntilEnded(loop, recorder, mode: custom)
            server.stop()
        }
        #expect(result.outcome == .quiescent)
        #expect(beforeCustom.value == 0)
        #expect(delegate.value?.calls.last == .finished)
        #expect(delegate.value?.places.allSatisfy { $0 == "main / LabCustomMode" } == true)
    }

    @Test("scheduled in the common modes of another thread's loop, started from main: every message arrives on that thread")
    func otherThreadCommonModes() {
        let delegate = Shared<RecordingDelegate?>(nil)
        let result = Simulation.run(seed: 4) {
            let runtime = currentRuntime()
            let server = LoopbackServer()
            server.route("GET", "/x", .bytes(10, chunks: [3], gap: .milliseconds(1)))
            let ready = runtime.makeSemaphore(named: "network ready", value: 0)
            let network = runtime.spawnThread(named: "network") {
                let loop = RunLoop.current
                _ = try? loop.add(EventFDPort(name: "keep-alive"), forMode: .default)
                loop.perform { ready.signal() }
                _ = try? loop.run()
            }
            ready.wait()
            let networkLoop = RunLoop.of(network)
            let recorder = RecordingDelegate { networkLoop.stop() }
            delegate.update { $0 = recorder }
            let connection = Connection(request: HTTPRequest(url: server.url("/x")), delegate: recorder, server: server)
            connection.schedule(in: networkLoop, forMode: .common)
            connection.start()
            network.join()
            server.stop()
        }
        #expect(result.outcome == .quiescent)
        #expect(delegate.value?.calls.last == .finished)
        #expect(delegate.value?.places.allSatisfy { $0 == "network / kCFRunLoopDefaultMode" } == true)
    }
}
