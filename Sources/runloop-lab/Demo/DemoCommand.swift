import RunLoopKit

/// `runloop-lab demo`: the step-through of a simulated run, or with `--live` the
/// live run-loop walkthrough.
enum DemoCommand {
    /// The help text of `demo`.
    static let usage = HelpText.render(
        synopsis: [
            "runloop-lab demo [FILE] [--seed N] [--auto] [--code] [--no-color]",
            "runloop-lab demo --live [--no-color]",
        ],
        description: """
            Steps through a deterministic simulated run of a scenario (FILE, a .lab file; by
            default Tutorials/scenarios/interview-question.lab, the classic interview question:
            a big download and a small GET share AFNetworking's one network thread, and each
            callback reaches its own operation because the operation is its connection's
            delegate), then, for contrast, AFURLSessionManager's task id → delegate dictionary.
            Each step shows the event, every thread's mode, state, locks and pending work, and
            every operation's state, connection, bytes and error.

            Keys: s, space or Enter step; n goes to the next event on the current thread; c
            continues to a breakpoint (an event kind such as connection.callback or lock, an
            operation such as big, a thread such as T2, or end); b goes back one step by
            replaying the run from the start; w flips the scheduling choice at this step and
            shows where the runs part; v shows or hides the code panel (the Swift source that
            recorded the event, titled with the AFNetworking 2.6.3 or CFRunLoop name it
            mirrors); q quits, and Ctrl-C quits with status 130.
            Without a terminal, or with --auto, every step is printed as plain text (--code adds
            the code panel). --live runs the live walkthrough of one thread and its run loop.
            """,
        sections: [(title: "Options", rows: HelpText.optionRows(DemoOptions.specs))]
    )

    /// The `demo` entry of ``CommandTable``.
    static let command = Command(
        name: "demo",
        summary: "Step through a simulated run of AFNetworking's network thread.",
        usage: usage
    ) { arguments, console throws(UsageError) in
        guard let options = try DemoOptions.parse(arguments) else {
            console.printLine(usage)
            return ExitCode.success
        }
        return options.live ? runDemo(options: options, console: console) : StepThroughDemo.run(options: options, console: console)
    }
}

/// Runs the live demo walkthrough and returns the exit status.
///
/// - Parameters:
///   - options: how to present the walkthrough.
///   - console: where to write it.
/// - Returns: ``ExitCode/success`` when every step behaved as CFRunLoop does;
///   ``ExitCode/systemError``, with the error named, when the worker's loop got no
///   descriptor (`EMFILE`).
func runDemo(options: DemoOptions, console: any Console) -> Int32 {
    let lines = SerializedConsole(console)
    let walkthrough = LiveWalkthrough(write: { lines.printLine($0) }, colors: options.useColor)
    let behaved: Bool
    do throws(RunLoopError) {
        behaved = try walkthrough.run()
    } catch {
        console.printError("runloop-lab demo: \(error)")
        return ExitCode.systemError
    }
    guard behaved else {
        console.printError("runloop-lab demo: a step did not behave as CFRunLoop does (see above).")
        return ExitCode.failure
    }
    return ExitCode.success
}
