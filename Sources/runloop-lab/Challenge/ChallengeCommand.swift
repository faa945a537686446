import Inspector
import LabRuntime
import Walkthrough

/// `runloop-lab challenge [N]`: you are the scheduler. Each level is a scenario file whose
/// `expect` lines state the correct behaviour; the learner picks the thread that runs at
/// every choice point and wins by driving the run into the bug.
enum ChallengeCommand {
    /// The help text of `challenge`.
    static let usage = HelpText.render(
        synopsis: [
            "runloop-lab challenge [--lang en|zh-Hans] [--dir PATH]",
            "runloop-lab challenge N [--lang en|zh-Hans] [--dir PATH] [--no-color]",
            "runloop-lab challenge N --schedule \"STEP:T<thread> ...\" [--lang en|zh-Hans] [--dir PATH]",
            "runloop-lab challenge N --html [--output FILE] [--lang en|zh-Hans] [--dir PATH]",
        ],
        description: """
            You are the scheduler. Each level (a scenario file in Tutorials/challenges) runs
            threads under the deterministic runtime, and at every point where more than one
            thread can run, you pick which one goes next. The threads panel shows what each
            runnable thread would do next. You win when the run shows the bug: an expect
            line of the level's file fails. Then your schedule is shown beside the
            explorer's shrunk one, with the command that replays it, and the win is saved
            in $HOME/.runloop-lab/challenges.

            Keys: 1-9 run that thread; Enter or space keeps the current thread running; f
            keeps it running until it blocks; u takes back your last move (the run is
            replayed from the start); ? help; q quits.

            Without N, lists the levels and which you have won. With --schedule, checks a
            schedule without a terminal: exits 0 when it wins, 1 when it does not. With
            --html, writes the level as one self-contained HTML page (no server, no network):
            open it in a browser and pick the next thread there (u undoes). The page holds
            every schedule with up to two picks that differ from the default (one for the
            longer levels) and the path of the explorer's shortest winning schedule.
            """,
        sections: [(title: "Options", rows: HelpText.optionRows(ChallengeOptions.specs))]
    )

    /// The `challenge` entry of ``CommandTable``.
    static let command = Command(
        name: "challenge",
        summary: "Be the scheduler: drive threads into a race or a deadlock, level by level.",
        usage: usage
    ) { arguments, console throws(UsageError) in
        try run(arguments, console: console, home: TutorialProgress.homeDirectory())
    }

    /// Runs `challenge` with the arguments after its name, keeping progress under `home`.
    static func run(_ arguments: [String], console: any Console, home: String?) throws(UsageError) -> Int32 {
        guard let options = try ChallengeOptions.parse(arguments, usage: usage) else {
            console.printLine(usage)
            return ExitCode.success
        }
        let progress = ChallengeProgress(home: home)
        let phrases = ChallengePhrases(language: options.language)
        guard let level = options.level else { return list(options: options, progress: progress, console: console) }
        let path = options.path(of: level)
        let scenario: Walkthrough.Scenario
        switch ScenarioFile.load(path) {
        case let .success(loaded): scenario = loaded
        case let .failure(problem):
            console.printError(problem.message(command: "challenge"))
            return ExitCode.failure
        }
        if let schedule = options.schedule {
            return check(schedule, of: level, scenario: scenario, path: path, options: options, progress: progress, console: console)
        }
        if options.html {
            let html = ChallengePage(level: level, path: path, scenario: scenario, phrases: phrases).html()
            guard let output = options.output else {
                console.printLine(html)
                return ExitCode.success
            }
            if let error = OutputFile.write(html, to: output) {
                console.printError("runloop-lab challenge: \(error)")
                return ExitCode.failure
            }
            console.printError("wrote level \(level.number) as an HTML page (\(html.utf8.count) bytes) to \(output)")
            return ExitCode.success
        }
        guard options.interactive else {
            console.printLine(phrases.heading(level))
            console.printLine(phrases.goal(level))
            console.printError("runloop-lab challenge: " + phrases.needsTerminal)
            return ExitCode.failure
        }
        let game = InteractiveChallenge(
            level: level, path: path, game: ChallengeGame(scenario: scenario), style: DemoStyle(colors: options.useColor),
            phrases: phrases, progress: progress)
        switch game.run() {
        case .quit: return ExitCode.success
        case .interrupted: return ExitCode.interrupted
        case .noTerminal:
            console.printError("runloop-lab challenge: cannot put the terminal in raw mode")
            return ExitCode.failure
        }
    }

    /// `challenge N --schedule TEXT`: replays the schedule and says whether it wins.
    private static func check(
        _ schedule: Schedule, of level: ChallengeLevel, scenario: Walkthrough.Scenario, path: String, options: ChallengeOptions,
        progress: ChallengeProgress, console: any Console
    ) -> Int32 {
        let phrases = ChallengePhrases(language: options.language)
        let run = ChallengeGame.replay(schedule, of: scenario)
        let verdict = ChallengeVerdict(run: run, divergence: ReplayReport.divergence(of: run.result, following: schedule))
        console.printLine(phrases.heading(level))
        console.printLine(phrases.goal(level))
        console.printLine("replay \"\(schedule)\": \(verdict.run.outcomeName) after \(verdict.run.result.steps) steps")
        guard verdict.won else {
            if let divergence = verdict.divergence { console.printLine(divergence) }
            console.printLine(verdict.divergence == nil ? phrases.scheduleDoesNotWin : phrases.scheduleDiverged)
            return ExitCode.failure
        }
        ChallengeWin(level: level, path: path, verdict: verdict).lines(phrases, progress: progress).forEach(console.printLine)
        return ExitCode.success
    }

    /// `challenge`: every level, with whether it has been won; 1 when the challenge directory
    /// cannot be read, so that the levels listed are ones that can be played.
    private static func list(options: ChallengeOptions, progress: ChallengeProgress, console: any Console) -> Int32 {
        guard TextFile.entries(of: options.directory) != nil else {
            console.printError("runloop-lab challenge: cannot read the challenge directory '\(options.directory)'")
            return ExitCode.failure
        }
        let phrases = ChallengePhrases(language: options.language)
        let titles = ChallengeLevel.all.map { $0.title.text(in: options.language) }
        let width = max(titles.map(\.count).max() ?? 0, phrases.listColumns.level.count)
        console.printLine(phrases.listHeading(directory: options.directory))
        console.printLine("  #  " + phrases.listColumns.level.padded(to: width) + "  " + phrases.listColumns.progress)
        for (level, title) in zip(ChallengeLevel.all, titles) {
            console.printLine("  \(level.number)  " + title.padded(to: width) + "  " + phrases.progress(won: progress.hasWon(level)))
        }
        return ExitCode.success
    }
}
