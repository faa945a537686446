@testable import runloop_lab

/// A console that keeps every line, so a test can run the command line in-process and read
/// back what it printed.
final class RecordingConsole: Console {
    /// The lines written to standard output, in order.
    private(set) var output: [String] = []

    /// The lines written to standard error, in order.
    private(set) var errors: [String] = []

    func printLine(_ text: String) {
        output.append(text)
    }

    func printError(_ text: String) {
        errors.append(text)
    }

    /// Everything written to standard output, as one string.
    var outputText: String { output.joined(separator: "\n") }

    /// Everything written to standard error, as one string.
    var errorText: String { errors.joined(separator: "\n") }
}

/// Runs `runloop-lab` with `arguments` and returns its exit status and console.
func runCLI(_ arguments: String...) -> (status: Int32, console: RecordingConsole) {
    let console = RecordingConsole()
    let status = RunLoopLabCLI.run(arguments, console: console)
    return (status, console)
}
