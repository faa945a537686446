import LabRuntime
import Testing

@testable import Walkthrough

/// A finished run of a scenario file lets go of what its script made: nothing the world
/// hands out (progress blocks, batch blocks, triggers' blocks and observers) holds the world
/// or an operation after the simulation ends.
@Suite struct RunReleaseTests {
    @Test(arguments: [
        "races/pause-cancel-pair-hardened.lab", "races/kvo-under-lock-hardened.lab", "cancel-race.lab", "batch-stuck-member.lab",
    ])
    func aFinishedRunReleasesItsWorld(file: String) throws {
        let scenario = try parsed(readFile("\(scenariosDirectory)/\(file)"), fileName: file)
        weak var world: ScenarioWorld?
        do { world = ScenarioRunner().simulate(scenario, using: RandomStrategy(seed: 0)).world }
        #expect(world == nil)
    }

    /// Not `batch-stuck-member.lab`: a batch member that never finishes keeps its batch
    /// completion block, which holds every member, as AFNetworking's block does.
    @Test(arguments: ["races/pause-cancel-pair-hardened.lab", "races/kvo-under-lock-hardened.lab", "cancel-race.lab"])
    func aFinishedRunReleasesItsOperations(file: String) throws {
        let scenario = try parsed(readFile("\(scenariosDirectory)/\(file)"), fileName: file)
        var operations: [WeakObject] = []
        do {
            operations = ScenarioRunner().simulate(scenario, using: RandomStrategy(seed: 0)).world.operations.map {
                WeakObject(object: $0.operation)
            }
        }
        #expect(!operations.isEmpty)
        #expect(operations.allSatisfy { $0.object == nil })
    }
}

/// An object held weakly, to see whether anything else still holds it.
private struct WeakObject {
    weak var object: AnyObject?
}
