import AFReplay
import LabRuntime
import LabTestSupport
import NetSim
import Testing

/// Several operations on the one network thread, server faults, and determinism.
@Suite("Scenarios on the network thread")
struct NetworkScenarioTests {
    @Test(
        "a large download and a small GET interleave on AFNetworking; every callback reaches its own operation",
        arguments: Fidelity.allCases, seeds)
    func interleavedCallbacks(fidelity: Fidelity, seed: UInt64) {
        let ops = Shared<[URLConnectionOperation]>([])
        let result = simulate(seed: seed) {
            let server = makeServer()
            server.route("GET", "/large", .bytes(4_000, seed: 3, chunks: [500], gap: .milliseconds(2)))
            let large = URLConnectionOperation(request: get("/large", on: server), server: server, fidelity: fidelity, name: "op large")
            let small = URLConnectionOperation(request: get("/small", on: server), server: server, fidelity: fidelity, name: "op small")
            ops.update { $0 = [large, small] }
            large.start()
            small.start()
        }
        #expect(result.outcome == .quiescent)
        var delegates: [Int: String] = [:]
        for event in result.events("connection.create") {
            if case let .connectionCreated(connection, _, delegate) = event.kind { delegates[connection] = delegate }
        }
        let callbacks = result.events("connection.callback")
        #expect(callbacks.count >= 8 + 3)
        for event in callbacks {
            guard case let .delegateCallback(connection, _, delegate) = event.kind else { continue }
            #expect(delegates[connection] == delegate)
            #expect(event.threadName == NetworkThread.name)
        }
        let (large, small) = (ops.value[0], ops.value[1])
        #expect(large.responseData == DeterministicBody(seed: 3).prefix(4_000))
        #expect(small.responseData == DeterministicBody(seed: 7).prefix(10))
        let smallDone = result.trace.firstIndex {
            $0.kind == .operationState(operation: "op small", from: "executing", to: "finished", accepted: true)
        }!
        let largeDone = result.trace.firstIndex {
            $0.kind == .operationState(operation: "op large", from: "executing", to: "finished", accepted: true)
        }!
        #expect(smallDone < largeDone)
    }

    @Test(
        "server faults end the operation with an error in both fidelities",
        arguments: Fidelity.allCases,
        [
            (ServerFault.reset(afterBodyBytes: 3), -1005),
            (ServerFault.closeBeforeHeaders, -1005),
            (ServerFault.malformedStatusLine, -1017),
            (ServerFault.contentLengthLonger(by: 5), -1005),
            (ServerFault.stall, -1001),
        ])
    func serverFaults(fidelity: Fidelity, fault: (ServerFault, Int)) {
        let operation = Shared<URLConnectionOperation?>(nil)
        let result = simulate(seed: 2) {
            let server = makeServer()
            server.route("GET", "/fault", RouteScript(body: .text("0123456789"), fault: fault.0))
            var request = get("/fault", on: server)
            request.timeout = .seconds(1)
            let op = URLConnectionOperation(request: request, server: server, fidelity: fidelity, name: "op A")
            operation.update { $0 = op }
            op.start()
        }
        #expect(result.outcome == .quiescent)
        #expect(operation.value?.state == .finished)
        #expect(operation.value?.error?.code == fault.1)
        #expect(result.notifications(of: "op A") == ["DidStart", "DidFinish"])
    }

    @Test("the same seed gives a byte-identical trace", arguments: Fidelity.allCases)
    func determinism(fidelity: Fidelity) {
        func once() -> String {
            simulate(seed: 42) {
                let server = makeServer()
                let queue = try LabOperationQueue(name: "q", maxConcurrentOperationCount: 1)
                let a = HTTPRequestOperation(request: get("/big", on: server), server: server, fidelity: fidelity, name: "op A")
                let b = HTTPRequestOperation(request: get("/json", on: server), server: server, fidelity: fidelity, name: "op B")
                b.responseSerializer = JSONResponseSerializer()
                a.setCompletionBlockWithSuccess({ _, _ in }, failure: nil)
                b.setCompletionBlockWithSuccess({ _, _ in }, failure: nil)
                a.downloadProgress = { _, _, _ in
                    a.pause(); a.resume()
                }
                queue.addOperations([a, b])
            }.traceText
        }
        let first = once()
        #expect(first == once())
        #expect(first.contains("success of op B"))
    }
}
