import Walkthrough

/// The `runloop-lab` command line: global flags, `help`, and dispatch to the commands in
/// ``CommandTable``.
enum RunLoopLabCLI {
    /// The version `--version` prints.
    static let version = "0.1.0"

    /// The top-level help text, listing every registered command.
    static let usage = HelpText.render(
        synopsis: [
            "runloop-lab <command> [options]",
            "runloop-lab help <command> [<subcommand>]",
            "runloop-lab --version",
        ],
        description: """
            RunLoop Lab re-implements CFRunLoop's semantics in Swift, over a live and a
            deterministic runtime. Run 'runloop-lab <command> --help' for a command's options.
            """,
        sections: [
            (title: "Commands", rows: CommandTable.all.map { (term: $0.name, text: $0.summary) }),
            (title: "Options", rows: [HelpText.helpRow, (term: "--version", text: "Print the version.")]),
        ]
    )

    /// Runs one command line and returns the process's exit status.
    ///
    /// A usage error prints its message and the relevant usage on standard error and
    /// returns ``ExitCode/usage``.
    ///
    /// - Parameters:
    ///   - arguments: the arguments after the program name.
    ///   - console: where output and diagnostics go.
    static func run(_ arguments: [String], console: any Console) -> Int32 {
        do {
            return try dispatch(arguments, console: console)
        } catch {
            console.printError("runloop-lab: \(error.message)")
            if !error.usage.isEmpty {
                console.printError("")
                console.printError(error.usage)
            }
            return ExitCode.usage
        }
    }

    private static func dispatch(_ arguments: [String], console: any Console) throws(UsageError) -> Int32 {
        guard let first = arguments.first else {
            throw UsageError(message: "missing command", usage: usage)
        }
        let rest = Array(arguments.dropFirst())
        switch first {
        case "-h", "--help":
            console.printLine(usage)
            return ExitCode.success
        case "--version":
            console.printLine("runloop-lab \(version)")
            return ExitCode.success
        case "help":
            console.printLine(try helpText(for: rest))
            return ExitCode.success
        default:
            guard let command = CommandTable.all.first(where: { $0.name == first }) else {
                throw UsageError(message: "unknown command '\(first)'" + suggestion(for: first), usage: usage)
            }
            return try command.run(rest, console)
        }
    }

    /// ` (did you mean 'explore'?)` for a misspelt command's name, or nothing.
    private static func suggestion(for name: String) -> String {
        Suggestion.didYouMean(name, in: CommandTable.all.map(\.name) + ["help"]).map { " (\($0))" } ?? ""
    }

    /// The help text for `help <command> [<subcommand> ...]`; the top-level help for `help`.
    private static func helpText(for path: [String]) throws(UsageError) -> String {
        guard let name = path.first else { return usage }
        guard var command = CommandTable.all.first(where: { $0.name == name }) else {
            throw UsageError(message: "no help for unknown command '\(name)'" + suggestion(for: name), usage: usage)
        }
        for subname in path.dropFirst() {
            guard let subcommand = command.subcommand(named: subname) else {
                throw UsageError(message: "'\(command.name)' has no subcommand '\(subname)'", usage: command.usage)
            }
            command = subcommand
        }
        return command.usage
    }
}
