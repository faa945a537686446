import Glibc

/// Standard input in raw mode (no echo, no line editing, keys one by one) with the
/// alternate screen and a hidden cursor, for the interactive demo.
///
/// ``enter()`` saves the terminal's settings; ``restore()`` puts them back and leaves the
/// alternate screen. The demo calls ``restore()`` on every way out (quit, an error); a
/// SIGTERM, SIGHUP or SIGQUIT restores too, from the handler, before the process exits.
enum RawTerminal {
    /// The settings saved by ``enter()``, for ``restore()`` and the signal handler; written
    /// before the handlers are installed and read-only afterwards, which is what makes the
    /// unsynchronised access safe.
    nonisolated(unsafe) private static let saved = UnsafeMutablePointer<termios>.allocate(capacity: 1)
    nonisolated(unsafe) private static var isRaw = false

    private static let enterScreen = "\u{1B}[?1049h\u{1B}[?25l"
    private static let leaveScreen = "\u{1B}[?25h\u{1B}[?1049l"
    /// ``leaveScreen`` as bytes, made in ``enter()`` so that the signal handler allocates nothing.
    private static let leaveScreenBytes = Array(leaveScreen.utf8)
    private static let signals = [SIGTERM, SIGHUP, SIGQUIT]

    /// Puts standard input in raw mode and switches to the alternate screen; false if
    /// standard input is not a terminal.
    static func enter() -> Bool {
        guard tcgetattr(STDIN_FILENO, saved) == 0 else { return false }
        var raw = saved.pointee
        cfmakeraw(&raw)
        raw.c_oflag |= tcflag_t(OPOST | ONLCR)
        guard tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw) == 0 else { return false }
        isRaw = true
        _ = leaveScreenBytes.count
        for signal in signals {
            Glibc.signal(signal) { number in
                RawTerminal.restoreFromSignal()
                _exit(128 + number)
            }
        }
        TerminalOutput.write(enterScreen)
        return true
    }

    /// Leaves the alternate screen and restores the saved settings; harmless when not raw.
    static func restore() {
        guard isRaw else { return }
        TerminalOutput.write(leaveScreen)
        tcsetattr(STDIN_FILENO, TCSAFLUSH, saved)
        isRaw = false
        for signal in signals { Glibc.signal(signal, SIG_DFL) }
    }

    /// What the signal handler may do: async-signal-safe calls only.
    private static func restoreFromSignal() {
        leaveScreenBytes.withUnsafeBufferPointer { bytes in
            _ = Glibc.write(STDOUT_FILENO, bytes.baseAddress, bytes.count)
        }
        tcsetattr(STDIN_FILENO, TCSANOW, saved)
    }
}
