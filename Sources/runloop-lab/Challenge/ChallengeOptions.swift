import Glibc
import LabRuntime

/// The options of `runloop-lab challenge`.
struct ChallengeOptions: Sendable {
    /// The level to play or check; nil lists the levels.
    var level: ChallengeLevel?
    /// The schedule to check instead of playing (`--schedule`).
    var schedule: Schedule?
    /// The language of the challenge's lines (`--lang`).
    var language = LessonLanguage.english
    /// The challenge directory (`--dir`).
    var directory = ChallengeLevel.defaultDirectory
    /// Whether to colour the screen, as the demo decides (`--no-color`, `NO_COLOR`).
    var useColor = DemoOptions.environmentAllowsColor()
    /// Whether to write the level as an HTML page to play in a browser (`--html`).
    var html = false
    /// Where to write the page (`--output`); standard output when nil.
    var output: String?
    /// Whether to play in the terminal: standard input and output are terminals.
    var interactive = isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1

    /// Every option, for parsing and help.
    static let specs = [
        OptionSpec(name: "--schedule", valueName: "TEXT", help: "Check this schedule (as replay takes it) instead of playing."),
        OptionSpec(name: "--html", valueName: nil, help: "Write the level as a self-contained HTML page to play in a browser."),
        OptionSpec(name: "--output", valueName: "FILE", help: "With --html, write the page to FILE instead of standard output."),
        OptionSpec(name: "--lang", valueName: "en|zh-Hans", help: "The language of the challenge (default: en)."),
        OptionSpec(
            name: "--dir", valueName: "PATH", help: "The challenge directory (default: Tutorials/challenges, here or in the checkout)."),
        OptionSpec(name: "--no-color", valueName: nil, help: "Do not colour the screen (also off with NO_COLOR)."),
    ]

    /// Parses the arguments after `challenge`: an optional level number and options.
    ///
    /// - Returns: the options, or nil when `--help` was asked for.
    /// - Throws: ``UsageError`` for a bad level number, a stray argument, a schedule that
    ///   does not parse or a bad option.
    static func parse(_ arguments: [String], usage: String) throws(UsageError) -> ChallengeOptions? {
        let (positionals, rest) = OptionParser.splitPositionals(arguments, options: specs)
        let parsed = try OptionParser.parse(rest, options: specs, usage: usage)
        if parsed.wantsHelp { return nil }
        var options = ChallengeOptions()
        if let text = positionals.first {
            guard let level = Int(text).flatMap(ChallengeLevel.numbered) else {
                throw UsageError(message: "a level is a number from 1 to \(ChallengeLevel.all.count), got '\(text)'", usage: usage)
            }
            options.level = level
        }
        if positionals.count > 1 { throw UsageError(message: "unexpected argument '\(positionals[1])'", usage: usage) }
        options.schedule = try ScenarioCatalog.schedule(parsed)
        if options.schedule != nil, options.level == nil {
            throw UsageError(message: "--schedule needs a level: challenge N --schedule TEXT", usage: usage)
        }
        options.html = parsed.isSet("--html")
        if options.html, options.level == nil || options.schedule != nil {
            throw UsageError(message: "--html needs a level and no --schedule: challenge N --html [--output FILE]", usage: usage)
        }
        if parsed.isSet("--output"), !options.html { throw UsageError(message: "--output goes with --html", usage: usage) }
        options.output = try parsed.outputPath("--output")
        options.language = try parsed.choice("--lang", default: options.language)
        if let directory = parsed.string("--dir") { options.directory = directory }
        if parsed.isSet("--no-color") { options.useColor = false }
        return options
    }

    /// The path of `level`'s file in the challenge directory.
    func path(of level: ChallengeLevel) -> String {
        directory + "/" + level.fileName
    }
}
