/// A command line that `runloop-lab` cannot run: an unknown command, an unknown option, or
/// an option value of the wrong kind.
///
/// The top level prints `message` and then `usage` on standard error and exits with
/// ``ExitCode/usage``; an error about a scenario file's contents has no `usage`, since its
/// diagnostics, not the command line, say what to fix.
struct UsageError: Error, Equatable {
    /// What was wrong, naming the offending argument, such as
    /// `--items expects a whole number from 1 to 100000000, got 'many'`.
    let message: String

    /// The help text of the command that rejected the arguments, or empty when the
    /// arguments were right and what they named was not (a scenario file's errors).
    let usage: String
}
