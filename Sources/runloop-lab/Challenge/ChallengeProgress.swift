/// The levels won, kept as the tutorials keep their progress (``TutorialProgress``), in
/// `$HOME/.runloop-lab/challenges`: a won level is a line `N 1`.
struct ChallengeProgress: Sendable {
    /// The progress file's name in `$HOME/.runloop-lab`.
    static let fileName = "challenges"

    /// The directory holding `.runloop-lab`, or nil to keep no progress.
    let home: String?

    /// Whether `level` has been won.
    func hasWon(_ level: ChallengeLevel) -> Bool {
        guard let home else { return false }
        return TutorialProgress.load(home: home, file: Self.fileName).steps(inLesson: level.number) > 0
    }

    /// Records that `level` was won.
    ///
    /// - Returns: nil on success, or why the progress was not saved.
    func recordWin(_ level: ChallengeLevel) -> String? {
        guard let home else { return "HOME is not set" }
        var progress = TutorialProgress.load(home: home, file: Self.fileName)
        progress.record(lesson: level.number, steps: 1)
        return progress.save(home: home, file: Self.fileName)
    }
}
