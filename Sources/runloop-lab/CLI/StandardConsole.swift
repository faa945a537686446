import Glibc

/// The process's real standard output and standard error, written unbuffered.
///
/// Each line is one `write(2)` call (retried until complete), so output and diagnostics
/// interleave in the order the command produced them, even when both go to one terminal.
final class StandardConsole: Console {
    /// Creates a console over file descriptors 1 and 2.
    init() {}

    func printLine(_ text: String) {
        Self.write(text + "\n", to: STDOUT_FILENO)
    }

    func printError(_ text: String) {
        Self.write(text + "\n", to: STDERR_FILENO)
    }

    private static func write(_ text: String, to fd: Int32) {
        _ = DescriptorWriter.writeAll(text, to: fd)
    }
}
