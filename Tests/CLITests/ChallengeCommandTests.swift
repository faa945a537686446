import LabRuntime
import LabTestSupport
import Testing
import Walkthrough

@testable import runloop_lab

/// A winning schedule for each level, found with `runloop-lab explore --scenario FILE
/// --checkers expect --strategy pct` (the shrunk schedule it prints).
let winningSchedules: [(level: Int, schedule: String)] = [
    (1, "8:T2"), (2, "8:T2"), (3, "4:T1"), (4, "50:T0"), (5, "21:T3 43:T3 51:T0"), (6, "22:T3"), (7, "24:T3"), (8, "93:T0"),
]

/// The scenario of challenge `level`, read from the repository.
func scenario(of level: Int) throws -> Walkthrough.Scenario {
    let level = try #require(ChallengeLevel.numbered(level))
    return try Walkthrough.Scenario.load(path: tutorialsDirectory + "/challenges/" + level.fileName)
}

/// Runs `challenge` in-process with `home` keeping progress.
private func runChallenge(_ arguments: [String], home: String?) -> (status: Int32, console: RecordingConsole) {
    let console = RecordingConsole()
    do {
        return (try ChallengeCommand.run(arguments + ["--dir", tutorialsDirectory + "/challenges"], console: console, home: home), console)
    } catch {
        console.printError(error.message)
        return (ExitCode.usage, console)
    }
}

@Suite("runloop-lab challenge")
struct ChallengeCommandTests {
    @Test("every level has a file, and its stored winning schedule breaks one of its expect lines", arguments: winningSchedules)
    func storedScheduleWins(level: Int, schedule: String) throws {
        let run = ChallengeGame.replay(try Schedule(parsing: schedule), of: try scenario(of: level))
        let verdict = ChallengeVerdict(run: run, divergence: nil)
        #expect(verdict.won, "level \(level): \(run.report)")
        #expect(run.schedule.description == schedule)
    }

    @Test("the all-default schedule wins no level", arguments: ChallengeLevel.all.map(\.number))
    func defaultScheduleDoesNotWin(level: Int) throws {
        let run = ChallengeGame.replay(Schedule(switches: []), of: try scenario(of: level))
        #expect(!ChallengeVerdict(run: run).won, "level \(level): \(run.report)")
        #expect(run.passed)
    }

    @Test("playing level 1 with picks: Enter keeps the current thread, a pick switches, undo replays the shorter prefix")
    func playLevelOne() throws {
        var game = ChallengeGame(scenario: try scenario(of: 1))
        while let decision = game.decision, decision.step < 8 { game.keepGoing() }
        let decision = try #require(game.decision)
        #expect(decision.step == 8)
        #expect(decision.enabled == [1, 2])
        #expect(decision.label == "store V0 count")
        let picked = game.pick(2)
        #expect(picked)
        #expect(game.schedule.description == "8:T2")
        let beforeUndo = game.run.traceText
        let undone = game.undo()
        #expect(undone)
        #expect(game.schedule.description == "-")
        let pickedAgain = game.pick(2)
        #expect(pickedAgain)
        #expect(game.run.traceText == beforeUndo)
        while !game.isOver { _ = game.fastForward() }
        #expect(game.verdict.won)
        #expect(game.verdict.run.outcomeName == "quiescent")
        #expect(game.verdict.brokenChecks.map(\.actual) == ["1"])
        let pickedAfterTheEnd = game.pick(1)
        #expect(!pickedAfterTheEnd)
    }

    @Test("in the terminal, u takes back a whole move: f's run of default choices at once")
    func undoMove() throws {
        let level = try #require(ChallengeLevel.numbered(5))
        let session = InteractiveChallenge(
            level: level, path: "05.lab", game: ChallengeGame(scenario: try scenario(of: 5)), style: DemoStyle(colors: false),
            phrases: ChallengePhrases(language: .english), progress: ChallengeProgress(home: nil))
        var game = session.game
        var moves: [Int] = []
        _ = session.handle(.keepGoing, in: &game, moves: &moves)
        let ranOn = session.handle(.fastForward, in: &game, moves: &moves)
        #expect(game.picks.count > 2)
        #expect(ranOn == ["ran on through \(game.picks.count - 1) scheduling points"])
        #expect(session.handle(.undo, in: &game, moves: &moves) == ["undone: back at choice 2, replayed from the start"])
        #expect(game.picks.count == 1)
        #expect(session.handle(.thread(9), in: &game, moves: &moves).first?.hasPrefix("9 is not a runnable thread here") == true)
        _ = session.handle(.undo, in: &game, moves: &moves)
        #expect(session.handle(.undo, in: &game, moves: &moves) == ["nothing to undo"])
    }

    @Test("the screen numbers the runnable threads and says what each would do next")
    func screen() throws {
        var game = ChallengeGame(scenario: try scenario(of: 1))
        while let decision = game.decision, decision.step < 8 { game.keepGoing() }
        let level = try #require(ChallengeLevel.numbered(1))
        let lines = ChallengeScreen(style: DemoStyle(colors: false), width: 120, phrases: ChallengePhrases(language: .english))
            .lines(of: game, level: level, messages: [])
        #expect(lines.first == "RunLoop Lab challenge · level 1 of 8: A lost update")
        #expect(lines.contains { $0.hasPrefix("▶[1] T1 first") })
        #expect(lines.contains { $0.hasPrefix(" [2] T2 second (new)") })
        #expect(lines.contains("         next: store V0 count"))
        #expect(lines.contains("         next: start"))
        #expect(lines.contains("   #19 T1 first cell.load V0 count → 0"))
        #expect(lines.last?.hasPrefix("1-9 run that thread") == true)
        while game.decision != nil { game.keepGoing() }
        let ended = ChallengeScreen(style: DemoStyle(colors: false), width: 120, phrases: ChallengePhrases(language: .english))
            .lines(of: game, level: level, messages: [])
        #expect(ended.last == "u undo the last choice · ? help · q quit", "no thread is left to pick once the run has ended")
    }

    @Test("--schedule that wins exits 0, shows the explorer's shrunk schedule and saves the win")
    func checkWinningSchedule() {
        let home = TemporaryDirectory(prefix: "challenge-test")
        let (status, console) = runChallenge(["2", "--schedule", "8:T2"], home: home.path)
        #expect(status == ExitCode.success)
        #expect(console.output.contains("your schedule:      \"8:T2\""))
        #expect(console.output.contains("explorer (shrunk):  \"8:T2\""))
        #expect(console.output.contains { $0.hasPrefix("replay: runloop-lab replay --scenario ") && $0.hasSuffix(" --schedule \"8:T2\"") })
        #expect(console.output.last == "progress saved")
        let (_, list) = runChallenge([], home: home.path)
        #expect(list.output.contains { $0.hasPrefix("  2  An AB/BA deadlock") && $0.hasSuffix("won") })
        #expect(list.output.contains { $0.hasPrefix("  1  A lost update") && $0.hasSuffix("-") })
    }

    @Test("--schedule that does not win, or does not fit, exits 1")
    func checkLosingSchedule() {
        let (status, console) = runChallenge(["2", "--schedule", "-"], home: nil)
        #expect(status == ExitCode.failure)
        #expect(console.output.last == "not a win: every expect line held")
        let (diverged, output) = runChallenge(["2", "--schedule", "8:T9"], home: nil)
        #expect(diverged == ExitCode.failure)
        #expect(output.output.last == "not a win: the schedule does not fit this level")
    }

    @Test("zh-Hans speaks Chinese", arguments: [["--lang", "zh-Hans"]])
    func chinese(arguments: [String]) {
        let (status, console) = runChallenge(["3", "--schedule", "-"] + arguments, home: nil)
        #expect(status == ExitCode.failure)
        #expect(console.output.first == "RunLoop Lab 挑战 · 第 3 关（共 8 关）：waitUntilDone 死锁")
        #expect(console.output.last == "没有获胜：每条 expect 都成立")
    }

    @Test(
        "bad arguments are usage errors",
        arguments: [
            ["9"], ["0"], ["two"], ["--schedule", "8:T2"], ["2", "--schedule", "8:X2"], ["2", "3"], ["2", "--lang", "fr"],
            ["8", "--html", "--output", "/nonexistent-directory/8.html"],
        ])
    func badArguments(arguments: [String]) {
        #expect(RunLoopLabCLI.run(["challenge"] + arguments, console: RecordingConsole()) == ExitCode.usage)
    }

    @Test("the list refuses a challenge directory that cannot be read")
    func unreadableDirectory() {
        let console = RecordingConsole()
        let status = try? ChallengeCommand.run(["--dir", "/nonexistent-challenges"], console: console, home: nil)
        #expect(status == ExitCode.failure)
        #expect(console.errors == ["runloop-lab challenge: cannot read the challenge directory '/nonexistent-challenges'"])
        #expect(console.output.isEmpty)
    }

    @Test("the keys")
    func keys() {
        #expect(ChallengeKey(byte: UInt8(ascii: "3")) == .thread(3))
        #expect(ChallengeKey(byte: 13) == .keepGoing)
        #expect(ChallengeKey(byte: UInt8(ascii: "u")) == .undo)
        #expect(ChallengeKey(byte: UInt8(ascii: "f")) == .fastForward)
        #expect(ChallengeKey(byte: UInt8(ascii: "?")) == .help)
        #expect(ChallengeKey(byte: UInt8(ascii: "q")) == .quit)
        #expect(ChallengeKey(byte: nil) == .quit)
        #expect(ChallengeKey(byte: 3) == .interrupt)
    }
}
