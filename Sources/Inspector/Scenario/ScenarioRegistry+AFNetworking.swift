import AFReplay

extension ScenarioRegistry {
    /// The AFNetworking scenarios written in Swift, each in `Fidelity.afn263` then
    /// `Fidelity.hardened`. None scripts the interleaving: the schedule decides which way each
    /// race goes. The other races are files (the Walkthrough library's `RaceScenarioFiles`);
    /// these two could be too (chunks with no `every`; two operations on main), but their
    /// files are not written yet, and the explore benchmark's figures are `pause-cancel-pair`'s.
    public static let afNetworkingScenarios: [Scenario] = [Scenario.pauseBurst, Scenario.pauseCancelPair].flatMap { make in
        Fidelity.allCases.map(make)
    }

    /// ``lab``, the AFNetworking scenarios and the classic-bug kernels: everything the
    /// command line can name.
    public static let all = ScenarioRegistry.lab.adding(afNetworkingScenarios + ClassicBug.suite.map(\.scenario))
}
