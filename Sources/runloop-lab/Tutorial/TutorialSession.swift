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
        guard let fileName = library.lessonFileNames()?.first(where: { Lesson.number(ofFileNamed: $0) == number }) else {
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
        var progress = home.map { TutorialProgress.load(home: $0) } ?? TutorialProgress()
        let saved = progress.steps(inLesson: number)
        let start = options.restarts || saved >= lesson.steps.count ? 0 : saved
        console.printLine("Lesson \(lesson.numberText): \(lesson.title) (\(options.language.rawValue), \(lesson.steps.count) steps)")
        if start > 0 {
            let done = start == 1 ? "step 1 was" : "steps 1–\(start) were"
            console.printLine("Resuming at step \(start + 1); \(done) done earlier (--restart shows them again).")
        }
        for index in start..<lesson.steps.count {
            let step = lesson.steps[index]
            console.printLine(step.prose)
            let block = step.kind == .command ? "command" : "scenario"
            console.printLine("── step \(index + 1) of \(lesson.steps.count): running the \(block) above")
            let comparison = StepComparison(step: step, index: index + 1)
            comparison.actual.forEach { console.printLine($0) }
            guard comparison.matches else {
                console.printLine("✗ step \(index + 1) differs from the lesson's expected output:")
                comparison.diff.forEach { console.printLine($0) }
                return ExitCode.failure
            }
            console.printLine("✓ step \(index + 1) matches the lesson")
            progress.record(lesson: number, steps: index + 1)
            save(progress)
            if options.pauses, index + 1 < lesson.steps.count {
                console.printLine("(press Enter for the next step)")
                waitForEnter()
            }
        }
        console.printLine(lesson.closingProse)
        console.printLine("Lesson \(lesson.numberText) complete.")
        return ExitCode.success
    }

    private func save(_ progress: TutorialProgress) {
        guard let home, let failure = progress.save(home: home) else { return }
        console.printError("runloop-lab tutorial: progress not saved: \(failure)")
    }
}
