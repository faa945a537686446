import AFReplay
import LabRuntime
import LabTestSupport
import NetSim
import Testing

/// `connection:didReceiveData:` with streams that cannot take the bytes (spec §3.10, §3.11, §7).
@Suite("Output-stream handling in didReceiveData")
struct OutputStreamHandlingTests {
    static func run(
        fidelity: Fidelity, stepLimit: Int = 300_000, stream: @escaping @Sendable () -> any LabOutputStream
    )
        -> (SimulationResult, URLConnectionOperation)
    {
        let operation = Shared<URLConnectionOperation?>(nil)
        let result = Simulation.run(seed: 1, stepLimit: stepLimit) {
            let server = makeServer()
            let op = URLConnectionOperation(request: get("/big", on: server), server: server, fidelity: fidelity, name: "op A")
            op.setOutputStream(stream())
            operation.update { $0 = op }
            op.start()
            endingRunOnError { try MainQueue.main.run() }
        }
        return (result, operation.value!)
    }

    @Test(
        "no space and no stream error (a closed stream): 2.6.3 cancels and leaves the operation Executing for ever; hardened fails",
        arguments: Fidelity.allCases)
    func closedStream(fidelity: Fidelity) {
        let (result, op) = Self.run(fidelity: fidelity) {
            let stream = MemoryOutputStream()
            stream.close()
            return stream
        }
        #expect(result.outcome == .quiescent)
        #expect(result.details("connection.cancel") == ["C0"])
        #expect(op.totalBytesRead == 0)
        switch fidelity {
        case .afn263:
            #expect(op.state == .executing && op.error == nil)
            #expect(result.notifications(of: "op A") == ["DidStart"])
        case .hardened:
            #expect(op.state == .finished)
            #expect(op.error?.domain == "NSPOSIXErrorDomain" && op.error?.code == 28)
            #expect(result.details("connection.callback").last == "C0 didFailWithError (from no space) → op A")
            #expect(result.notifications(of: "op A") == ["DidStart", "DidFinish"])
        }
    }

    @Test(
        "a stream error (a file that cannot be opened) fails the operation with that error in both fidelities",
        arguments: Fidelity.allCases)
    func streamError(fidelity: Fidelity) {
        let (result, op) = Self.run(fidelity: fidelity) { FileOutputStream(path: "/nonexistent-afreplay-dir/file", append: false) }
        #expect(result.outcome == .quiescent)
        #expect(op.state == .finished)
        #expect(op.error?.domain == "NSPOSIXErrorDomain" && op.error?.code == 2)
        #expect(result.details("connection.cancel") == ["C0"])
        #expect(result.details("connection.callback").last == "C0 didFailWithError (from stream error) → op A")
    }

    @Test(
        "a full fixed buffer: 2.6.3's write loop spins for ever (a livelock); hardened fails with the buffer full",
        arguments: Fidelity.allCases)
    func fullBuffer(fidelity: Fidelity) {
        let buffer = BufferOutputStream(capacity: 5)
        let (result, op) = Self.run(fidelity: fidelity, stepLimit: 20_000) { buffer }
        #expect(buffer.buffer == DeterministicBody(seed: 9).prefix(5))
        switch fidelity {
        case .afn263:
            #expect(result.outcome == .stepLimitExceeded(steps: 20_000))
            #expect(op.state == .executing)
        case .hardened:
            #expect(result.outcome == .quiescent)
            #expect(op.state == .finished && op.error?.code == 28)
        }
    }
}
