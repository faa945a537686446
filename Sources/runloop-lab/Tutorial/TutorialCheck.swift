/// `runloop-lab tutorial check`: every step of every lesson, in both languages, must parse,
/// run and print exactly its expected block.
enum TutorialCheck {
    /// Checks every lesson file and prints one line per file, a diff per mismatch, and
    /// `N passed, N failed` (files). Returns 1 when any file failed or none was found.
    ///
    /// A translation shares its lesson's blocks, so each step runs once: its output is kept
    /// for the same block at the same step number of the other language. With
    /// ``TutorialOptions/rewrites``, a file whose steps differ gets those expected blocks
    /// replaced by what the run printed, and is reported as `rewritten`. A step that a
    /// failed system call ended (no descriptor left, `EMFILE`) stops the check with the error
    /// named and ``ExitCode/systemError``, before anything is rewritten.
    static func run(options: TutorialOptions, console: any Console) -> Int32 {
        let library = LessonLibrary(root: options.directory)
        guard let fileNames = library.lessonFileNames() else {
            console.printError(library.unreadableMessage)
            return ExitCode.failure
        }
        var passed = 0
        var failed = 0
        for fileName in fileNames {
            var outputs = StepOutputs()
            for language in LessonLanguage.allCases {
                let failures: [String]
                do throws(StepOutput.SystemCallFailure) {
                    failures = try check(fileName, in: language, library: library, outputs: &outputs, rewriting: options.rewrites)
                } catch {
                    console.printError("runloop-lab tutorial: \(error.message)")
                    return ExitCode.systemError
                }
                let label = language.rawValue.padded(to: 8)
                if failures.isEmpty {
                    passed += 1
                    console.printLine("ok    \(label)\(fileName)")
                } else {
                    failed += 1
                    console.printLine("FAIL  \(label)\(fileName)")
                    failures.forEach { console.printLine("      " + $0) }
                }
            }
        }
        console.printLine("\(passed) passed, \(failed) failed")
        return failed == 0 && passed > 0 ? ExitCode.success : ExitCode.failure
    }

    /// The failure lines of one lesson file: empty when every step matches.
    private static func check(
        _ fileName: String, in language: LessonLanguage, library: LessonLibrary,
        outputs: inout StepOutputs, rewriting: Bool
    ) throws(StepOutput.SystemCallFailure) -> [String] {
        guard library.exists(fileName, in: language) else {
            return ["missing: \(language.directory(in: library.root))/\(fileName)"]
        }
        let lesson: Lesson
        switch library.lesson(fileName, in: language) {
        case .success(let parsed): lesson = parsed
        case .failure(let error): return [error.description]
        }
        var failures: [String] = []
        var actualBlocks: [[String]] = []
        for (offset, step) in lesson.steps.enumerated() {
            let actual = try outputs.lines(for: step, index: offset + 1)
            actualBlocks.append(actual)
            let comparison = StepComparison(step: step, actual: actual)
            if !comparison.matches {
                failures.append("step \(offset + 1) (line \(step.line)) does not match its expected block:")
                failures += comparison.diff
            }
        }
        guard rewriting, !failures.isEmpty else { return failures }
        let path = language.directory(in: library.root) + "/" + fileName
        guard let text = TextFile.read(path) else { return failures + ["cannot read \(path) to rewrite it"] }
        if let problem = OutputFile.write(ExpectedBlocks.replacing(in: text, with: actualBlocks), to: path) {
            return failures + [problem]
        }
        return []
    }
}

/// The outputs of the steps run so far, found again by step number and block.
private struct StepOutputs {
    private struct Key: Hashable {
        let index: Int
        let kind: LessonStep.Kind
        let block: String
        let shownEvents: [String]
    }

    private var outputs: [Key: [String]] = [:]

    /// What step `index` prints: from an earlier run of the same block, or from running it now.
    mutating func lines(for step: LessonStep, index: Int) throws(StepOutput.SystemCallFailure) -> [String] {
        let key = Key(index: index, kind: step.kind, block: step.scenario, shownEvents: step.shownEvents)
        if let known = outputs[key] { return known }
        let lines = try StepOutput.lines(for: step, index: index)
        outputs[key] = lines
        return lines
    }
}
