/// `runloop-lab tutorial run N`: shows one lesson step by step, running and checking each
/// step, pausing between steps and saving progress as steps match.
struct TutorialSession {
    /// The parsed options.
    let options: TutorialOptions

    /// Where to write.
    let console: any Console

    /// The directory holding `.runloop-lab/progress`, or `nil` to keep no progress.
    let home: String?

    /// Blocks until the learner presses Enter.
    let waitForEnter: () -> Void

    /// Shows lesson `number` from the saved step on (or from step 1 with `--restart`, or when
    /// the lesson was finished). Returns 1 when the lesson cannot be read or a step's output
    /// differs from its expected block, which stops the lesson.
    func run(lesson number: Int) -> Int32 {
        let library = LessonLibrary(root: options.directory)
        guard let fileNames = library.lessonFileNames() else {
            console.printError(library.unreadableMessage)
            return ExitCode.failure
        }
        guard let fileName = fileNames.first(where: { Lesson.number(ofFileNamed: $0) == number }) else {
            console.printError("runloop-lab tutorial: no lesson \(number) in '\(options.directory)' (see 'runloop-lab tutorial list')")
            return ExitCode.failure
        }
        let lesson: Lesson
        switch library.lesson(fileName, in: options.language) {
        case .success(let parsed): lesson = parsed
        case .failure(let error):
            console.printError("runloop-lab tutorial: \(error)")
            return ExitCode.failure
        }
        let phrases = TutorialPhrases(language: options.language)
        var progress = home.map { TutorialProgress.load(home: $0) } ?? TutorialProgress()
        let saved = progress.steps(inLesson: number)
        let start = options.restarts || saved >= lesson.steps.count ? 0 : saved
        console.printLine(phrases.heading(number: lesson.numberText, title: lesson.title, steps: lesson.steps.count))
        if start > 0 { console.printLine(phrases.resuming(after: start)) }
        var savingFailed = false
        for index in start..<lesson.steps.count {
            let step = lesson.steps[index]
            console.printLine(TerminalProse.plain(step.prose))
            if options.pauses, Self.isLong(step.prose) {
                console.printLine(phrases.pressEnterToRun)
                waitForEnter()
            }
            console.printLine(phrases.running(step: index + 1, of: lesson.steps.count, command: step.kind == .command))
            let comparison: StepComparison
            do throws(StepOutput.SystemCallFailure) {
                comparison = try StepComparison(step: step, index: index + 1)
            } catch {
                console.printError("runloop-lab tutorial: \(error.message)")
                return ExitCode.systemError
            }
            comparison.actual.forEach { console.printLine($0) }
            guard comparison.matches else {
                console.printLine(phrases.differs(step: index + 1))
                comparison.diff.forEach { console.printLine($0) }
                return ExitCode.failure
            }
            console.printLine(phrases.matches(step: index + 1))
            progress.record(lesson: number, steps: index + 1)
            if !savingFailed, let home, let failure = progress.save(home: home) {
                console.printError(phrases.progressNotSaved(failure))
                savingFailed = true
            }
            if options.pauses, index + 1 < lesson.steps.count {
                console.printLine(phrases.pressEnterForNext)
                waitForEnter()
            }
        }
        console.printLine(TerminalProse.plain(lesson.closingProse))
        console.printLine(phrases.complete(number: lesson.numberText))
        return ExitCode.success
    }

    /// How many lines of explanation a step may have before the runner waits for Enter
    /// before running it, so that its output does not scroll the explanation away unread.
    static let longProseLines = 20

    /// Whether `prose` is longer than ``longProseLines``.
    static func isLong(_ prose: String) -> Bool {
        prose.split(separator: "\n", omittingEmptySubsequences: false).count > longProseLines
    }
}
