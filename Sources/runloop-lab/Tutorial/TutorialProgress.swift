import Glibc

/// How far the learner got in each lesson, kept in `$HOME/.runloop-lab/progress`; the
/// challenges keep theirs the same way, in `$HOME/.runloop-lab/challenges`.
///
/// The file has one line per lesson, `NN STEPS`: the lesson number and how many of its
/// steps have run and matched (for a challenge level, 1 once it is won). Lines that do not
/// read that way are ignored, so a garbled or missing file is simply no progress.
struct TutorialProgress: Equatable, Sendable {
    /// Steps completed, by lesson number.
    private(set) var completedSteps: [Int: Int] = [:]

    /// Progress read from `text`, the contents of a progress file.
    init(text: String = "") {
        for line in text.split(whereSeparator: \.isNewline) {
            let fields = line.split(separator: " ")
            if fields.count == 2, let lesson = Int(fields[0]), let steps = Int(fields[1]), lesson >= 0, steps >= 0 {
                completedSteps[lesson] = steps
            }
        }
    }

    /// The steps completed in lesson `number` (0 when none).
    func steps(inLesson number: Int) -> Int {
        completedSteps[number] ?? 0
    }

    /// Records that lesson `number` has `steps` steps completed.
    mutating func record(lesson number: Int, steps: Int) {
        completedSteps[number] = steps
    }

    /// The file's text: one `NN STEPS` line per lesson, by lesson number.
    var text: String {
        completedSteps.keys.sorted().map { "\($0) \(completedSteps[$0] ?? 0)\n" }.joined()
    }

    /// The progress file `file` under `home`: `HOME/.runloop-lab/progress` by default.
    static func path(home: String, file: String = "progress") -> String {
        home + "/.runloop-lab/" + file
    }

    /// The learner's home directory, from `HOME`, or `nil` when it is not set.
    static func homeDirectory() -> String? {
        guard let value = getenv("HOME") else { return nil }
        let home = String(cString: value)
        return home.isEmpty ? nil : home
    }

    /// The progress saved under `home` in `file`; empty when the file is missing or
    /// unreadable.
    static func load(home: String, file: String = "progress") -> TutorialProgress {
        TutorialProgress(text: TextFile.read(path(home: home, file: file)) ?? "")
    }

    /// Saves this progress under `home` in `file`, creating `.runloop-lab` on demand.
    ///
    /// - Returns: `nil` on success, or why the file could not be written.
    func save(home: String, file: String = "progress") -> String? {
        let directory = home + "/.runloop-lab"
        guard TextFile.makeDirectory(directory) else {
            return "cannot create \(directory): \(String(cString: strerror(errno)))"
        }
        return OutputFile.write(text, to: Self.path(home: home, file: file))
    }
}
