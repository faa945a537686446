/// `runloop-lab tutorial list`: one line per lesson with its title, languages and progress.
enum TutorialList {
    /// Prints the lesson list and returns the exit status (1 when the directory cannot be read).
    static func run(options: TutorialOptions, console: any Console, home: String?) -> Int32 {
        let library = LessonLibrary(root: options.directory)
        guard let fileNames = library.lessonFileNames() else {
            console.printError(library.unreadableMessage)
            return ExitCode.failure
        }
        let progress = home.map { TutorialProgress.load(home: $0) } ?? TutorialProgress()
        var rows: [(number: String, title: String, languages: String, progress: String)] = []
        for fileName in fileNames {
            let languages = LessonLanguage.allCases.filter { library.exists(fileName, in: $0) }.map(\.rawValue)
            switch library.lesson(fileName, in: .english) {
            case .success(let lesson):
                let done = min(progress.steps(inLesson: lesson.number), lesson.steps.count)
                let state = done == 0 ? "-" : done == lesson.steps.count ? "done" : "\(done)/\(lesson.steps.count) steps"
                rows.append((lesson.numberText, lesson.title, languages.joined(separator: " "), state))
            case .failure(let error):
                rows.append((String(fileName.prefix(2)), "(unreadable: \(error.message))", languages.joined(separator: " "), "-"))
            }
        }
        console.printLine("Lessons in \(options.directory) (run one with 'runloop-lab tutorial run N'):")
        let titleWidth = rows.map(\.title.count).max() ?? 0
        let languageWidth = max(rows.map(\.languages.count).max() ?? 0, "languages".count)
        console.printLine("  #   " + "title".padded(to: titleWidth) + "  " + "languages".padded(to: languageWidth) + "  progress")
        for row in rows {
            console.printLine(
                "  \(row.number)  " + row.title.padded(to: titleWidth) + "  " + row.languages.padded(to: languageWidth) + "  "
                    + row.progress)
        }
        return ExitCode.success
    }
}
