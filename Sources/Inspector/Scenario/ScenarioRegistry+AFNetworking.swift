import AFReplay

extension ScenarioRegistry {
    /// The AFNetworking scenarios written in Swift, each in `Fidelity.afn263` then
    /// `Fidelity.hardened`. None scripts the interleaving: the schedule decides which way each
    /// race goes. The races the scenario language can state are files instead (the
    /// Walkthrough library's `RaceScenarioFiles`).
    public static let afNetworkingScenarios: [Scenario] = [
        Scenario.pauseCancel, Scenario.pauseAfterStart, Scenario.cancelCompletion, Scenario.pauseCompletion, Scenario.pauseBurst,
        Scenario.pauseCancelPair,
    ].flatMap { make in Fidelity.allCases.map(make) }

    /// ``lab``, the AFNetworking scenarios and the classic-bug kernels: everything the
    /// command line can name.
    public static let all = ScenarioRegistry.lab.adding(afNetworkingScenarios + ClassicBug.suite.map(\.scenario))
}
