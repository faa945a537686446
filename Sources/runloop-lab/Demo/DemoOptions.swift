import Glibc

/// How `runloop-lab demo` should present its walkthrough.
struct DemoOptions: Equatable, Sendable {
    /// Whether to colour the output with ANSI escape sequences.
    var useColor: Bool

    /// The options `demo` accepts.
    static let specs = [
        OptionSpec(
            name: "--no-color",
            valueName: nil,
            help: "Print without ANSI colours (also off with NO_COLOR or when not a terminal)."
        )
    ]

    /// Parses the arguments after `demo`.
    ///
    /// - Parameters:
    ///   - arguments: the arguments that follow `demo`.
    ///   - colorAllowed: whether the environment allows colour when `--no-color` is absent;
    ///     ``environmentAllowsColor()`` by default.
    /// - Returns: the options, or `nil` when `--help` was asked for.
    /// - Throws: ``UsageError`` for an argument `demo` does not accept.
    static func parse(
        _ arguments: [String],
        colorAllowed: Bool = environmentAllowsColor()
    ) throws(UsageError) -> DemoOptions? {
        let parsed = try OptionParser.parse(arguments, options: specs, usage: DemoCommand.usage)
        if parsed.wantsHelp {
            return nil
        }
        return DemoOptions(useColor: colorAllowed && !parsed.isSet("--no-color"))
    }

    /// Whether colour suits this process: standard output is a terminal and `NO_COLOR`
    /// (see no-color.org) is unset or empty.
    static func environmentAllowsColor() -> Bool {
        let noColor = getenv("NO_COLOR").map { String(cString: $0) } ?? ""
        return noColor.isEmpty && isatty(STDOUT_FILENO) == 1
    }
}
