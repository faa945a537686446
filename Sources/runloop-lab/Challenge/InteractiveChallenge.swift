/// The challenge in the terminal: draws the screen, reads a key, acts on the
/// ``ChallengeGame``, and draws again, until `q`. The terminal is in raw mode only inside
/// ``run()``, and restored on every way out of it, as the demo's (``RawTerminal``).
struct InteractiveChallenge {
    /// The level played.
    let level: ChallengeLevel
    /// Its file's path, for the replay command.
    let path: String
    /// The game at its start.
    let game: ChallengeGame
    /// How to colour.
    let style: DemoStyle
    /// The screen's language.
    let phrases: ChallengePhrases
    /// Where a win is recorded.
    let progress: ChallengeProgress

    /// How a session ended.
    typealias Ending = TerminalSessionEnding

    /// Plays until a key ends the session.
    func run() -> Ending {
        guard RawTerminal.enter() else { return .noTerminal }
        defer { RawTerminal.restore() }
        var game = self.game
        var moves: [Int] = []
        var messages: [String] = []
        while true {
            draw(game, messages)
            let key = ChallengeKey.read()
            if key == .quit { return .quit }
            if key == .interrupt { return .interrupted }
            messages = handle(key, in: &game, moves: &moves)
            if game.isOver, game.picks.count > 0, Self.changesRun(key) {
                messages += ending(of: game)
            }
        }
    }

    /// Whether `key` can have moved the game (so a fresh ending is reported).
    private static func changesRun(_ key: ChallengeKey) -> Bool {
        switch key {
        case .thread, .keepGoing, .fastForward: true
        default: false
        }
    }

    /// Acts on `key`; returns the messages to show. `moves` holds how many picks there were
    /// before each move (a pick, Enter or `f`), so that `u` takes back a whole move.
    func handle(_ key: ChallengeKey, in game: inout ChallengeGame, moves: inout [Int]) -> [String] {
        if game.isOver, key != .undo, key != .help { return [phrases.over] }
        let before = game.picks.count
        switch key {
        case let .thread(number):
            let runnable = game.decision?.enabled ?? []
            guard number <= runnable.count, game.pick(runnable[number - 1]) else {
                return [phrases.noSuchThread(number, runnable: runnable.count)]
            }
            moves.append(before)
            return []
        case .keepGoing:
            game.keepGoing()
            moves.append(before)
            return []
        case .fastForward:
            let passed = game.fastForward()
            moves.append(before)
            return [phrases.fastForwarded(passed)]
        case .undo:
            guard let start = moves.popLast() else { return [phrases.nothingToUndo] }
            game.rewind(to: start)
            return [phrases.undone(choice: game.picks.count + 1)]
        case .help, .other:
            return phrases.help
        case .quit, .interrupt:
            return []
        }
    }

    /// What the end of the run says: the win (after asking the explorer), or that the bug
    /// did not show.
    private func ending(of game: ChallengeGame) -> [String] {
        let verdict = game.verdict
        guard verdict.won else { return [phrases.notWon] }
        draw(game, [phrases.askingExplorer])
        return ChallengeWin(level: level, path: path, verdict: verdict).lines(phrases, progress: progress)
    }

    private func draw(_ game: ChallengeGame, _ messages: [String]) {
        let size = TerminalOutput.size()
        let screen = ChallengeScreen(style: style, width: size.columns, phrases: phrases)
        let lines = screen.lines(of: game, level: level, messages: messages)
        let kept = StepScreen(style: style, width: size.columns).wrapped(messages).count + 1
        TerminalOutput.draw(InteractiveDemo.fit(lines, rows: size.rows, keepingLast: kept))
    }
}
