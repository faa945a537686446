import AFReplay

extension ScenarioRegistry {
    /// The AFNetworking scenario written in Swift, `pause-cancel-pair`, in `Fidelity.afn263`
    /// then `Fidelity.hardened`; it scripts no interleaving. The other races are files (the
    /// Walkthrough library's `RaceScenarioFiles`); this one could be too (two operations on
    /// main), but its file is not written yet, and the explore benchmark's figures are its own.
    public static let afNetworkingScenarios: [Scenario] = Fidelity.allCases.map(Scenario.pauseCancelPair)

    /// ``lab``, the AFNetworking scenarios and the classic-bug kernels: everything the
    /// command line can name.
    public static let all = ScenarioRegistry.lab.adding(afNetworkingScenarios + ClassicBug.suite.map(\.scenario))
}
