import AFReplay
import LabRuntime
import LabTestSupport
import NetSim
import Testing

/// What a finished simulation of AFNetworking leaves behind: nothing. The network thread,
/// the server thread and the main thread end the run asleep in their loops; the end of the
/// run unwinds them, so the operation, the server and the simulation itself are released.
@Suite("A finished simulation releases what it made")
struct RunReleaseTests {
    final class WeakObjects: @unchecked Sendable {
        // @unchecked: written by the simulation's one running lab thread, read after the run.
        weak var operation: URLConnectionOperation?
        weak var server: LoopbackServer?
        weak var simulation: Simulation?
    }

    @Test(
        "after a download, the operation, the server and the simulation are released",
        arguments: Fidelity.allCases, seeds)
    func downloadReleasesEverything(fidelity: Fidelity, seed: UInt64) {
        let weak = WeakObjects()
        do {
            let simulation = Simulation(strategy: RandomStrategy(seed: seed), stepLimit: 300_000)
            weak.simulation = simulation
            let result = simulation.run {
                let server = makeServer()
                let operation = URLConnectionOperation(request: get("/big", on: server), server: server, fidelity: fidelity, name: "op")
                weak.operation = operation
                weak.server = server
                operation.start()
                endingRunOnError { try MainQueue.main.run() }
            }
            #expect(result.outcome == .quiescent)
            #expect(
                result.trace.contains { $0.kind == .operationState(operation: "op", from: "executing", to: "finished", accepted: true) })
        }
        #expect(weak.operation == nil)
        #expect(weak.server == nil)
        #expect(weak.simulation == nil)
    }
}
