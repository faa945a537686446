/// A console that keeps every line, so that the command line can run in-process and its
/// output be read back: by a lesson's `command` step and by the tests.
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
