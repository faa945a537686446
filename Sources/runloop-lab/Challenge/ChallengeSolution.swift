import Inspector
import LabRuntime
import Walkthrough

/// The explorer's answer to a level: a PCT search of the level file with only its `expect`
/// lines as the checker, shrunk to the fewest preemptions and switches, shown beside the
/// learner's schedule once the level is won.
enum ChallengeSolution {
    /// How many PCT schedules the search may run.
    static let schedules = 2_000

    /// The shrunk schedule that breaks an `expect` line of `scenario` (the file at `path`),
    /// or nil when the search found none.
    static func shrunkSchedule(of scenario: Walkthrough.Scenario, path: String) -> Schedule? {
        let explorable = scenario.explorable(named: path)
        let expectLines = explorable.checkers.filter { $0.name == "expect" }
        let explorer = Explorer(
            scenario: explorable, checkers: expectLines, strategy: .pct(seed: 0, depth: 2, steps: nil), schedules: schedules)
        return explorer.explore().finding?.run.schedule
    }
}
