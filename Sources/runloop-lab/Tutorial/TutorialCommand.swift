/// `runloop-lab tutorial [list | run N | check]`: the numbered lessons in `Tutorials/`.
enum TutorialCommand {
    /// The help text of `tutorial`.
    static let usage = HelpText.render(
        synopsis: [
            "runloop-lab tutorial list [--dir PATH]",
            "runloop-lab tutorial run N [--lang en|zh-Hans] [--no-pause] [--restart] [--dir PATH]",
            "runloop-lab tutorial check [--dir PATH] [--rewrite]",
        ],
        description: """
            Lessons that teach run loops by running scenarios. Each step of a lesson is a lab
            block whose output must match the expected block after it; a mismatch shows a diff.
            'run' remembers how far you got in $HOME/.runloop-lab/progress and resumes there.
            """,
        sections: [
            (title: "Subcommands", rows: subcommandRows.map { (term: $0.term, text: $0.summary) }),
            (title: "Options", rows: HelpText.optionRows(TutorialOptions.specs)),
        ]
    )

    /// The subcommands: the word that selects each, how its help row names it, and its
    /// summary.
    private static let subcommandRows = [
        (name: "list", term: "list", summary: "List the lessons, their languages and your progress."),
        (name: "run", term: "run N", summary: "Show lesson N step by step, running and checking each scenario."),
        (name: "check", term: "check", summary: "Check every lesson in both languages; exits 1 on any mismatch."),
    ]

    /// The `tutorial` entry of ``CommandTable``, with `list`, `run` and `check` as its
    /// subcommands so that `runloop-lab help tutorial <subcommand>` finds them.
    static let command = Command(
        name: "tutorial",
        summary: "Work through the run-loop lessons, or check them all.",
        usage: usage,
        subcommands: subcommandRows.map { subcommand($0.name, summary: $0.summary) }
    ) { arguments, console throws(UsageError) in
        try TutorialCommand.run(arguments, console: console, home: TutorialProgress.homeDirectory(), waitForEnter: { _ = readLine() })
    }

    /// Runs `tutorial` with the arguments after its name.
    ///
    /// - Parameters:
    ///   - arguments: the subcommand, its lesson number for `run`, and options.
    ///   - console: where to write.
    ///   - home: the directory holding `.runloop-lab/progress`, or `nil` to keep no progress.
    ///   - waitForEnter: blocks until the learner presses Enter, when pausing between steps.
    /// - Returns: the exit status.
    static func run(
        _ arguments: [String],
        console: any Console,
        home: String?,
        waitForEnter: @escaping () -> Void
    ) throws(UsageError) -> Int32 {
        guard let subcommand = arguments.first else {
            throw UsageError(message: "missing subcommand (list, run N or check)", usage: usage)
        }
        var rest = Array(arguments.dropFirst())
        switch subcommand {
        case "-h", "--help":
            console.printLine(usage)
            return ExitCode.success
        case "list":
            guard let options = try TutorialOptions.parse(rest, for: subcommand) else { return help(console) }
            return TutorialList.run(options: options, console: console, home: home)
        case "check":
            guard let options = try TutorialOptions.parse(rest, for: subcommand) else { return help(console) }
            return TutorialCheck.run(options: options, console: console)
        case "run":
            guard let numberText = rest.first, !numberText.hasPrefix("-") else {
                guard try TutorialOptions.parse(rest, for: subcommand) != nil else { return help(console) }
                throw UsageError(message: "run needs a lesson number", usage: usage)
            }
            guard let number = Int(numberText), (1...99).contains(number) else {
                throw UsageError(message: "a lesson number is a whole number from 1 to 99, got '\(numberText)'", usage: usage)
            }
            rest.removeFirst()
            guard let options = try TutorialOptions.parse(rest, for: subcommand) else { return help(console) }
            let session = TutorialSession(options: options, console: console, home: home, waitForEnter: waitForEnter)
            return session.run(lesson: number)
        default:
            throw UsageError(message: "unknown subcommand '\(subcommand)' (list, run N or check)", usage: usage)
        }
    }

    /// The subcommand `name` of `tutorial`: it runs as `tutorial name …` does, and its help
    /// is the tutorial's.
    private static func subcommand(_ name: String, summary: String) -> Command {
        Command(name: name, summary: summary, usage: usage) { arguments, console throws(UsageError) in
            try command.run([name] + arguments, console)
        }
    }

    private static func help(_ console: any Console) -> Int32 {
        console.printLine(usage)
        return ExitCode.success
    }
}
