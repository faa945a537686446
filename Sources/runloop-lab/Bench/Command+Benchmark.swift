extension Command {
    /// A `bench` subcommand: parses its options (printing `usage` for `--help`), runs the
    /// benchmark, and turns a ``BenchFailure`` into a message and ``ExitCode/failure``, or
    /// ``ExitCode/systemError`` for a failed system call (`EMFILE`).
    ///
    /// - Parameters:
    ///   - name: the benchmark's name, e.g. `runloop`.
    ///   - summary: one line for `bench --help`.
    ///   - usage: the benchmark's help text.
    ///   - parse: its option parser; `nil` means `--help` was asked for.
    ///   - run: the measurement, printing its figures to the console.
    static func benchmark<Options>(
        name: String,
        summary: String,
        usage: String,
        parse: @escaping @Sendable ([String]) throws(UsageError) -> Options?,
        run: @escaping @Sendable (Options, any Console) throws(BenchFailure) -> Void
    ) -> Command {
        Command(name: name, summary: summary, usage: usage) { arguments, console throws(UsageError) in
            guard let options = try parse(arguments) else {
                console.printLine(usage)
                return ExitCode.success
            }
            do throws(BenchFailure) {
                try run(options, console)
                return ExitCode.success
            } catch {
                console.printError("runloop-lab bench \(name): \(error.message)")
                return error.isSystemError ? ExitCode.systemError : ExitCode.failure
            }
        }
    }
}
