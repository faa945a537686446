// The loopback network model: "none arrive after cancel" and NSURLConnection's cancel rules (spec §7): after
// cancel no delegate message is sent, and cancelling twice, or after the end, is harmless.
import LabRuntime
import LabTestSupport
import NetSim
import RunLoopKit
import Testing

@Suite("Connection: cancel")
struct ConnectionCancelTests {
    private static let slow = RouteScript.bytes(10, seed: 41, chunks: [4, 3, 3], gap: .milliseconds(5))

    @Test("cancel from the first didReceiveData: nothing follows, in the delegate or the trace", arguments: [1, 2, 3] as [UInt64])
    func cancelInCallback(seed: UInt64) {
        let exchange = Exchange.run(
            seed: seed, script: Self.slow,
            onMessage: { connection, call in
                if case .data = call {
                    connection.cancel()
                    connection.cancel()
                    RunLoop.current.stop()
                }
            })
        #expect(exchange.result.outcome == .quiescent)
        #expect(exchange.delegate.calls == [.response(200), .data(4)])
        let trace = exchange.result.trace
        let cancelled = trace.firstIndex { $0.kind == .connectionCancelled(connection: 0) }
        #expect(cancelled != nil)
        #expect(trace.filter { $0.kind == .connectionCancelled(connection: 0) }.count == 1)
        #expect(!trace[(cancelled ?? 0)...].contains { if case .delegateCallback = $0.kind { true } else { false } })
    }

    @Test(
        "cancel from another thread mid-body: no callback is traced after the cancel, and none arrives after it returns",
        arguments: [1, 2, 3, 4, 5] as [UInt64])
    func cancelFromAnotherThread(seed: UInt64) {
        let afterCancel = Shared(-1)
        let delegate = Shared<RecordingDelegate?>(nil)
        let result = Simulation.run(seed: seed) {
            let runtime = currentRuntime()
            let server = LoopbackServer()
            server.route("GET", "/slow", Self.slow)
            let loop = RunLoop.current
            let recorder = RecordingDelegate()
            delegate.update { $0 = recorder }
            let connection = Connection(request: HTTPRequest(url: server.url("/slow")), delegate: recorder, server: server)
            connection.schedule(in: loop, forMode: .default)
            connection.start()
            let canceller = runtime.spawnThread(named: "canceller") {
                runtime.sleep(until: .zero + .milliseconds(7))
                connection.cancel()
                afterCancel.update { $0 = recorder.calls.count }
                loop.perform { loop.stop() }
                loop.wakeUp()
            }
            _ = try? loop.run(mode: .default, before: .zero + .seconds(1))
            canceller.join()
            _ = try? loop.run(mode: .default, for: .milliseconds(50))
            server.stop()
        }
        #expect(result.outcome == .quiescent)
        let calls = delegate.value?.calls ?? []
        #expect(!calls.contains { $0.isFinal })
        #expect(calls.count == afterCancel.value)
        let cancelled = result.trace.firstIndex { $0.kind == .connectionCancelled(connection: 0) }
        #expect(cancelled != nil)
        #expect(!result.trace[(cancelled ?? 0)...].contains { if case .delegateCallback = $0.kind { true } else { false } })
    }

    @Test("cancel before start: start does nothing, no message ever; cancel after finishing is harmless")
    func cancelBeforeStartAndAfterEnd() {
        let early = Shared<RecordingDelegate?>(nil)
        let late = Shared<RecordingDelegate?>(nil)
        let result = Simulation.run(seed: 7) {
            let server = LoopbackServer()
            server.route("GET", "/x", .bytes(3))
            let loop = RunLoop.current
            let first = RecordingDelegate("op early")
            early.update { $0 = first }
            let never = Connection(request: HTTPRequest(url: server.url("/x")), delegate: first, server: server)
            never.schedule(in: loop, forMode: .default)
            never.cancel()
            never.start()
            let second = RecordingDelegate("op late") { loop.stop() }
            late.update { $0 = second }
            let finished = Connection(request: HTTPRequest(url: server.url("/x")), delegate: second, server: server)
            finished.schedule(in: loop, forMode: .default)
            finished.start()
            Exchange.runUntilEnded(loop, second)
            finished.cancel()
            server.stop()
        }
        #expect(result.outcome == .quiescent)
        #expect(early.value?.calls == [])
        #expect(late.value?.calls.last == .finished)
        #expect(
            result.trace.filter { if case .connectionCancelled = $0.kind { true } else { false } }.map(\.kind)
                == [.connectionCancelled(connection: 0)])
    }

    @Test("the delegate is released when the connection ends, and when it is cancelled")
    func delegateReleased() {
        let released = Shared<[Bool]>([])
        _ = Simulation.run(seed: 1) {
            let server = LoopbackServer()
            server.route("GET", "/x", .bytes(3))
            let loop = RunLoop.current
            weak var finishedDelegate: RecordingDelegate?
            weak var cancelledDelegate: RecordingDelegate?
            var connections: [Connection] = []
            do {
                let first = RecordingDelegate { loop.stop() }
                finishedDelegate = first
                let connection = Connection(request: HTTPRequest(url: server.url("/x")), delegate: first, server: server)
                connection.schedule(in: loop, forMode: .default)
                connection.start()
                connections.append(connection)
                Exchange.runUntilEnded(loop, first)
            }
            do {
                let second = RecordingDelegate()
                cancelledDelegate = second
                let connection = Connection(request: HTTPRequest(url: server.url("/x")), delegate: second, server: server)
                connections.append(connection)
                connection.cancel()
            }
            released.update { $0 = [finishedDelegate == nil, cancelledDelegate == nil] }
            server.stop()
            _ = connections
        }
        #expect(released.value == [true, true])
    }
}
