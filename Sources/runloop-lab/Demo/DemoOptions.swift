import Glibc

/// How `runloop-lab demo` should run: which scenario, under which seed, interactively or as
/// plain text, in colour or not; or the live walkthrough (`--live`).
struct DemoOptions: Equatable, Sendable {
    /// Whether to colour the output with ANSI escape sequences.
    var useColor: Bool
    /// The scenario file; nil for the default, the interview question.
    var file: String?
    /// The seed that replaces the scenario's strategy (`--seed`).
    var seed: UInt64?
    /// Whether to step interactively: standard input and output are terminals and `--auto`
    /// is absent.
    var interactive = false
    /// Whether to run the live run-loop walkthrough instead (`--live`).
    var live = false
    /// Whether the plain-text output prints the code panel under every step (`--code`); the
    /// interactive screen shows it until `v` hides it.
    var showsCode = false

    /// The options `demo` accepts.
    static let specs = [
        OptionSpec(name: "--seed", valueName: "N", help: "Run under random seed N instead of the scenario's strategy (every part)."),
        OptionSpec(name: "--auto", valueName: nil, help: "Print every step as plain text instead of stepping (also without a terminal)."),
        OptionSpec(
            name: "--no-color",
            valueName: nil,
            help: "Print without ANSI colours (also off with NO_COLOR or when not a terminal)."
        ),
        OptionSpec(
            name: "--code", valueName: nil,
            help: "With --auto, print under every step the Swift source that recorded it (the screen shows it; v hides it)."),
        OptionSpec(name: "--live", valueName: nil, help: "Run the live run-loop walkthrough (real threads) instead."),
    ]

    /// Parses the arguments after `demo`.
    ///
    /// - Parameters:
    ///   - arguments: the arguments that follow `demo`: at most one scenario file and options.
    ///   - colorAllowed: whether the environment allows colour when `--no-color` is absent;
    ///     ``environmentAllowsColor()`` by default.
    ///   - terminal: whether standard input and output are terminals, so stepping is possible.
    /// - Returns: the options, or `nil` when `--help` was asked for.
    /// - Throws: ``UsageError`` for an argument `demo` does not accept.
    static func parse(
        _ arguments: [String],
        colorAllowed: Bool = environmentAllowsColor(),
        terminal: Bool = isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1
    ) throws(UsageError) -> DemoOptions? {
        let (files, optionArguments) = OptionParser.splitPositionals(arguments, options: specs)
        let parsed = try OptionParser.parse(optionArguments, options: specs, usage: DemoCommand.usage)
        if parsed.wantsHelp {
            return nil
        }
        if files.count > 1 {
            throw UsageError(message: "unexpected argument '\(files[1])' (demo takes one scenario file)", usage: DemoCommand.usage)
        }
        var options = DemoOptions(useColor: colorAllowed && !parsed.isSet("--no-color"), file: files.first)
        options.seed = try parsed.seed()
        options.interactive = terminal && !parsed.isSet("--auto")
        options.live = parsed.isSet("--live")
        options.showsCode = parsed.isSet("--code")
        if options.live, files.first != nil || parsed.isSet("--seed") || parsed.isSet("--auto") || options.showsCode {
            throw UsageError(message: "--live runs the live walkthrough and takes only --no-color", usage: DemoCommand.usage)
        }
        return options
    }

    /// Whether colour suits this process: standard output is a terminal and `NO_COLOR`
    /// (see no-color.org) is unset or empty.
    static func environmentAllowsColor() -> Bool {
        let noColor = getenv("NO_COLOR").map { String(cString: $0) } ?? ""
        return noColor.isEmpty && isatty(STDOUT_FILENO) == 1
    }
}
