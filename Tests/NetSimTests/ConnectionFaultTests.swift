// The loopback network model: "Faults the server can inject": each fault ends the connection in the NSURLError
// NSURLConnection would report, always in exactly one final delegate message.
import LabRuntime
import LabTestSupport
import NetSim
import RunLoopKit
import Testing

@Suite("Connection: server faults")
struct ConnectionFaultTests {
    /// A fault and the outcome it must produce.
    struct Case: CustomTestStringConvertible, Sendable {
        let fault: ServerFault
        let ending: RecordingDelegate.Call
        let bodyBytes: Int
        var testDescription: String { "\(fault) → \(ending)" }
    }

    static let cases: [Case] = [
        Case(fault: .reset(afterBodyBytes: 4), ending: .failed(.networkConnectionLost), bodyBytes: 4),
        Case(fault: .closeBeforeHeaders, ending: .failed(.networkConnectionLost), bodyBytes: 0),
        Case(fault: .malformedStatusLine, ending: .failed(.cannotParseResponse), bodyBytes: 0),
        Case(fault: .oversizedHeader(bytes: 20_000), ending: .failed(.cannotParseResponse), bodyBytes: 0),
        Case(fault: .garbageHeaderLine, ending: .failed(.cannotParseResponse), bodyBytes: 0),
        Case(fault: .contentLengthLonger(by: 5), ending: .failed(.networkConnectionLost), bodyBytes: 10),
        Case(fault: .contentLengthShorter(by: 3), ending: .finished, bodyBytes: 7),
    ]

    @Test(
        "each fault ends in the right NSURLError (or, for a short Content-Length, a finish without the extra bytes)",
        arguments: cases, [1, 2] as [UInt64])
    func fault(_ fault: Case, seed: UInt64) {
        var script = RouteScript.bytes(10, seed: 31, chunks: [4, 3, 3], gap: .milliseconds(2))
        script.fault = fault.fault
        let exchange = Exchange.run(seed: seed, script: script)
        let calls = exchange.delegate.calls
        #expect(exchange.result.outcome == .quiescent)
        #expect(calls.last == fault.ending)
        #expect(calls.filter(\.isFinal).count == 1)
        #expect(exchange.delegate.body == DeterministicBody(seed: 31).prefix(fault.bodyBytes))
        if case .failed = fault.ending {
            #expect(exchange.delegate.error?.failingURL == "http://127.0.0.1:8080/resource")
            #expect(exchange.delegate.error?.domain == "NSURLErrorDomain")
        }
    }

    @Test("a stall never ends by itself: the request's timeout fails it with timedOut after that much virtual time")
    func stallTimesOut() {
        var script = RouteScript.bytes(10)
        script.fault = .stall
        let exchange = Exchange.run(seed: 3, script: script) { $0.timeout = .seconds(2) }
        #expect(exchange.delegate.calls == [.failed(.timedOut)])
        #expect(exchange.result.endTime >= .zero + .seconds(2))
        #expect(exchange.serverEvents.contains("C0 stalls (fault)"))
    }

    @Test("the timeout starts again with every byte: slow chunks inside the timeout never time out")
    func timeoutResetsOnData() {
        let script = RouteScript.bytes(10, chunks: [2], gap: .milliseconds(400))
        let exchange = Exchange.run(seed: 4, script: script) { $0.timeout = .seconds(1) }
        #expect(exchange.delegate.calls.last == .finished)
        #expect(exchange.result.endTime >= .zero + .milliseconds(1600))
    }

    @Test("a stopped server refuses: dial throws and the connection fails with cannotConnectToHost")
    func stoppedServer() {
        let delegate = Shared<RecordingDelegate?>(nil)
        let dialError = Shared<NetError?>(nil)
        let result = Simulation.run(seed: 2) {
            let server = LoopbackServer()
            server.stop()
            do throws(NetError) {
                _ = try server.dial(server.url("/x"))
            } catch {
                dialError.update { $0 = error }
            }
            let loop = RunLoop.current
            let recorder = RecordingDelegate { loop.stop() }
            delegate.update { $0 = recorder }
            let connection = Connection(request: HTTPRequest(url: server.url("/x")), delegate: recorder, server: server)
            connection.schedule(in: loop, forMode: .default)
            connection.start()
            Exchange.runUntilEnded(loop, recorder)
        }
        #expect(result.outcome == .quiescent)
        #expect(dialError.value?.code == .cannotConnectToHost)
        #expect(delegate.value?.calls == [.failed(.cannotConnectToHost)])
    }
}
