/// The exit statuses `runloop-lab` returns, following BSD `sysexits.h` where one applies.
enum ExitCode {
    /// The command did what was asked.
    static let success: Int32 = 0

    /// The command ran but could not do what was asked; it printed why on standard error.
    static let failure: Int32 = 1

    /// The command line was wrong (`EX_USAGE`); usage was printed on standard error.
    static let usage: Int32 = 64

    /// A system call failed (`EX_OSERR`), e.g. no descriptor left (`EMFILE`); the error was
    /// printed on standard error.
    static let systemError: Int32 = 71

    /// The user interrupted it with Ctrl-C: 128 + `SIGINT`, as a shell reports it.
    static let interrupted: Int32 = 130
}
