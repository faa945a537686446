/// One subcommand of `runloop-lab`, such as `bench`, or of a command group, such as
/// `bench runloop`.
///
/// Commands are registered by listing them in ``CommandTable`` (or, for benchmarks, in
/// ``BenchmarkTable``); nothing else needs to change to add one.
struct Command: Sendable {
    /// The word that selects the command on the command line.
    let name: String

    /// One line shown in the parent's list of commands.
    let summary: String

    /// The full help text, printed by `--help`, by `runloop-lab help`, and after a usage error.
    let usage: String

    /// The commands this one dispatches to, for `runloop-lab help <command> <subcommand>`.
    let subcommands: [Command]

    /// Runs the command with the arguments that follow its name and returns the exit status.
    let run: @Sendable (_ arguments: [String], _ console: any Console) throws(UsageError) -> Int32

    /// Creates a command.
    ///
    /// - Parameters:
    ///   - name: the word that selects it.
    ///   - summary: one line for the parent's command list.
    ///   - usage: the full help text.
    ///   - subcommands: the commands it dispatches to, if it is a group.
    ///   - run: the body, given the arguments after `name` and the console to write to.
    init(
        name: String,
        summary: String,
        usage: String,
        subcommands: [Command] = [],
        run: @escaping @Sendable (_ arguments: [String], _ console: any Console) throws(UsageError) -> Int32
    ) {
        self.name = name
        self.summary = summary
        self.usage = usage
        self.subcommands = subcommands
        self.run = run
    }

    /// Creates a command whose arguments are options only: they are parsed against `options`
    /// before `run` sees them, and `--help` prints `usage` and succeeds.
    init(
        name: String,
        summary: String,
        usage: String,
        options: [OptionSpec],
        run: @escaping @Sendable (_ parsed: ParsedOptions, _ console: any Console) throws(UsageError) -> Int32
    ) {
        self.init(name: name, summary: summary, usage: usage) { arguments, console throws(UsageError) in
            let parsed = try OptionParser.parse(arguments, options: options, usage: usage)
            if parsed.wantsHelp {
                console.printLine(usage)
                return ExitCode.success
            }
            return try run(parsed, console)
        }
    }

    /// The subcommand called `name`, if this command is a group that has one.
    func subcommand(named name: String) -> Command? {
        subcommands.first { $0.name == name }
    }
}
