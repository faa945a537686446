/// How an interactive terminal session (the demo, a challenge) ended.
enum TerminalSessionEnding: Equatable {
    /// `q`, Ctrl-D or the end of input.
    case quit
    /// Ctrl-C.
    case interrupted
    /// Standard input could not be put in raw mode.
    case noTerminal
}
