/// Scenarios by name, in a fixed order: what `explore --list` prints and what
/// `--scenario NAME` looks up. The AFNetworking scenarios join by ``adding(_:)``.
public struct ScenarioRegistry: Sendable {
    /// Every registered scenario, in registration order.
    public let scenarios: [Scenario]

    /// A registry of `scenarios`; names must be distinct.
    public init(_ scenarios: [Scenario]) {
        precondition(Set(scenarios.map(\.name)).count == scenarios.count, "scenario names must be distinct")
        self.scenarios = scenarios
    }

    /// The scenarios that need nothing but the runtime.
    public static let lab = ScenarioRegistry([.abba, .lockCounter, .lockPair, .lostSignal, .reentrantCallback, .spinWait])

    /// ``lab`` and the classic-bug kernels: every scenario written in Swift. The AFNetworking
    /// races are scenario files, named by the Walkthrough library's `withRaceFiles`.
    public static let all = ScenarioRegistry.lab.adding(ClassicBug.suite.map(\.scenario))

    /// This registry with `more` scenarios after its own.
    public func adding(_ more: [Scenario]) -> ScenarioRegistry { ScenarioRegistry(scenarios + more) }

    /// The scenario called `name`.
    ///
    /// - Throws: ``UnknownNameError`` when there is none.
    public func scenario(named name: String) throws(UnknownNameError) -> Scenario {
        guard let found = scenarios.first(where: { $0.name == name }) else {
            throw UnknownNameError(what: "scenario", name: name, known: scenarios.map(\.name))
        }
        return found
    }
}
