/// `runloop-lab demo`: the live run-loop walkthrough.
enum DemoCommand {
    /// The help text of `demo`.
    static let usage = HelpText.render(
        synopsis: ["runloop-lab demo [--no-color]"],
        description: """
            Walks through a live lab thread: its run loop exits at once with no sources,
            and stays alive once a port is added.
            """,
        sections: [(title: "Options", rows: HelpText.optionRows(DemoOptions.specs))]
    )

    /// The `demo` entry of ``CommandTable``.
    static let command = Command(
        name: "demo",
        summary: "Run the live run-loop walkthrough.",
        usage: usage
    ) { arguments, console throws(UsageError) in
        guard let options = try DemoOptions.parse(arguments) else {
            console.printLine(usage)
            return ExitCode.success
        }
        return runDemo(options: options, console: console)
    }
}

/// Runs the demo walkthrough and returns the exit status.
///
/// - Parameters:
///   - options: how to present the walkthrough.
///   - console: where to write it.
/// - Returns: ``ExitCode/success`` when every step behaved as CFRunLoop does.
func runDemo(options: DemoOptions, console: any Console) -> Int32 {
    let lines = SerializedConsole(console)
    let walkthrough = LiveWalkthrough(write: { lines.printLine($0) }, colors: options.useColor)
    guard walkthrough.run() else {
        console.printError("runloop-lab demo: a step did not behave as CFRunLoop does (see above).")
        return ExitCode.failure
    }
    return ExitCode.success
}
