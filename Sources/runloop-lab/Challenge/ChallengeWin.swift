import Inspector
import LabRuntime
import Walkthrough

/// What the challenge says when a level is won, in the terminal and for `--schedule`
/// alike: the broken `expect` lines, the learner's schedule beside the explorer's shrunk
/// one, the replay command, and whether the win was saved.
struct ChallengeWin: Sendable {
    /// The level won.
    let level: ChallengeLevel
    /// The level file's path, as the replay command names it.
    let path: String
    /// The winning run's verdict.
    let verdict: ChallengeVerdict
    /// The explorer's shrunk schedule, if it found one.
    let explorerSchedule: Schedule?

    /// The win of `verdict`'s run, with the explorer's answer searched for now.
    init(level: ChallengeLevel, path: String, verdict: ChallengeVerdict) {
        self.level = level
        self.path = path
        self.verdict = verdict
        explorerSchedule = ChallengeSolution.shrunkSchedule(of: verdict.run.scenario, path: path)
    }

    /// The lines to show, after recording the win in `progress`.
    func lines(_ phrases: ChallengePhrases, progress: ChallengeProgress) -> [String] {
        var lines = Self.summary(of: verdict, path: path, phrases: phrases)
        lines.insert(phrases.explorerSchedule(explorerSchedule), at: lines.count - 1)
        if let failure = progress.recordWin(level) {
            lines.append(phrases.progressNotSaved(failure))
        } else {
            lines.append(phrases.progressSaved)
        }
        return lines
    }

    /// What any win says, the browser's included: that it is won, the broken `expect`
    /// lines, the learner's schedule and, last, the command that replays it.
    static func summary(of verdict: ChallengeVerdict, path: String, phrases: ChallengePhrases) -> [String] {
        var lines = [phrases.won]
        for check in verdict.brokenChecks {
            lines += check.description.split(separator: "\n").map { "  " + $0 }
        }
        let schedule = verdict.run.schedule
        lines.append(phrases.yourSchedule(schedule))
        lines.append(phrases.replay(ReplayCommandLine.text(scenario: path, schedule: schedule)))
        return lines
    }
}
