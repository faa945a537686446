/// Where a command writes its lines: standard output for results, standard error for
/// diagnostics, usage errors and progress.
///
/// Commands write through this protocol instead of calling `print` so that tests can run
/// the whole command line in-process and read back what it printed.
protocol Console: AnyObject {
    /// Writes `text` and a newline to standard output.
    func printLine(_ text: String)

    /// Writes `text` and a newline to standard error.
    func printError(_ text: String)
}
