import Synchronization

/// A ``Console`` that lab threads can share: each line is written whole, one at a time.
///
/// `@unchecked Sendable`: the wrapped console is only ever called with `lock` held.
final class SerializedConsole: @unchecked Sendable {
    private let console: any Console
    private let lock = Mutex(())

    /// Serializes the lines written to `console`.
    init(_ console: any Console) { self.console = console }

    /// Writes `text` and a newline to standard output.
    func printLine(_ text: String) {
        lock.withLock { _ in console.printLine(text) }
    }

    /// Writes `text` and a newline to standard error.
    func printError(_ text: String) {
        lock.withLock { _ in console.printError(text) }
    }
}
