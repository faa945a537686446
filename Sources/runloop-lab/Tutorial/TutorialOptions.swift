import Glibc

/// The options of `runloop-lab tutorial`, shared by its three subcommands.
struct TutorialOptions: Equatable, Sendable {
    /// The tutorial directory (`--dir`; by default `Tutorials` under the current directory or
    /// in the checkout the executable was built in, see ``CheckoutPath``).
    var directory = CheckoutPath.locate("Tutorials") ?? "Tutorials"

    /// The lesson language (`--lang`).
    var language = LessonLanguage.english

    /// Whether `run` waits for Enter between steps: not with `--no-pause`, nor without a terminal.
    var pauses = true

    /// Whether `run` ignores saved progress and starts at step 1 (`--restart`).
    var restarts = false

    /// Whether `check` rewrites every expected block that differs with what this run
    /// printed (`--rewrite`): a developer's tool after a change that moves schedules or
    /// trace text on purpose. Review the diff before committing it.
    var rewrites = false

    /// Every option, for parsing and help.
    static let specs = [
        OptionSpec(name: "--dir", valueName: "PATH", help: "The tutorial directory (default: Tutorials, here or in the checkout)."),
        OptionSpec(name: "--lang", valueName: "en|zh-Hans", help: "The lesson language for run (default: en)."),
        OptionSpec(name: "--no-pause", valueName: nil, help: "Do not wait for Enter between steps (run)."),
        OptionSpec(name: "--restart", valueName: nil, help: "Start the lesson at step 1, ignoring saved progress (run)."),
        OptionSpec(
            name: "--rewrite", valueName: nil,
            help: "Developers: replace each expected block that differs with this run's output, in both languages (check)."),
    ]

    /// The options that only `run` takes, and the one that only `check` takes.
    private static let runOnly = ["--lang", "--no-pause", "--restart"]
    private static let checkOnly = ["--rewrite"]

    /// Parses the options after the subcommand (and its lesson number).
    ///
    /// - Parameters:
    ///   - arguments: the option arguments.
    ///   - subcommand: `list`, `run` or `check`; an option another subcommand takes is
    ///     refused rather than ignored.
    ///   - terminal: whether standard input is a terminal, so pausing is possible.
    /// - Returns: the options, or `nil` when `--help` was asked for.
    static func parse(
        _ arguments: [String], for subcommand: String, terminal: Bool = isatty(STDIN_FILENO) == 1
    ) throws(UsageError) -> TutorialOptions? {
        let parsed = try OptionParser.parse(arguments, options: specs, usage: TutorialCommand.usage)
        if parsed.wantsHelp {
            return nil
        }
        if subcommand != "run" { try parsed.reject(runOnly, "applies to 'tutorial run' only") }
        if subcommand != "check" { try parsed.reject(checkOnly, "applies to 'tutorial check' only") }
        var options = TutorialOptions()
        if let directory = parsed.string("--dir") {
            options.directory = directory
        }
        options.language = try parsed.choice("--lang", default: options.language)
        options.pauses = terminal && !parsed.isSet("--no-pause")
        options.restarts = parsed.isSet("--restart")
        options.rewrites = parsed.isSet("--rewrite")
        return options
    }
}
