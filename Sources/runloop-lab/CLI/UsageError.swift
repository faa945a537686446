/// A command line that `runloop-lab` cannot run: an unknown command, an unknown option, or
/// an option value of the wrong kind.
///
/// The top level prints `message` and then `usage` on standard error and exits with
/// ``ExitCode/usage``.
struct UsageError: Error, Equatable {
    /// What was wrong, naming the offending argument, such as
    /// `--items expects a whole number from 1 to 100000000, got 'many'`.
    let message: String

    /// The help text of the command that rejected the arguments.
    let usage: String
}
