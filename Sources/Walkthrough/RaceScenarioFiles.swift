import AFReplay
import Inspector

/// The AFNetworking races written as scenario files, `Tutorials/scenarios/races/NAME.lab`,
/// under the built-in names they replace (`resume-limit-263`, `kvo-under-lock-hardened`, …):
/// what a learner reads is what the explorer runs. The files are found in the checkout this
/// library was built from, as the tests find `Tutorials/`.
public enum RaceScenarioFiles {
    /// The races whose only form is their files, each in `Fidelity.afn263` and
    /// `Fidelity.hardened` (`NAME-263.lab`, `NAME-hardened.lab`).
    public static let races = [
        "pause-cancel-pair", "pause-cancel", "pause-after-start", "cancel-completion", "pause-completion", "resume-limit", "kvo-under-lock",
        "pause-burst",
    ]

    /// `Tutorials/scenarios/races` of the checkout this file was compiled in.
    public static let directory: String = {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)
        return parts.joined(separator: "/") + "/Tutorials/scenarios/races"
    }()

    /// Each race file as the explorer runs it, named by its built-in name, in the order of
    /// ``races`` (2.6.3 first); a file that cannot be read or does not parse is left out.
    public static let scenarios: [Inspector.Scenario] = races.flatMap { race in
        Fidelity.allCases.compactMap { fidelity in
            let name = "\(race)-\(fidelity.scenarioSuffix)"
            return try? Scenario.load(path: "\(directory)/\(name).lab").explorable(named: name)
        }
    }
}

extension ScenarioRegistry {
    /// Everything the command line can name: ``all``'s lab scenarios, the AFNetworking races
    /// from their files under their built-in names (``RaceScenarioFiles``), then the classic bugs.
    public static let withRaceFiles = ScenarioRegistry.lab.adding(RaceScenarioFiles.scenarios + ClassicBug.suite.map(\.scenario))
}
