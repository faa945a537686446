import Glibc

/// A key the interactive demo acts on, read from standard input in raw mode.
enum TerminalKey: Equatable, Sendable {
    /// `s`, space, Enter or →: the next event.
    case step
    /// `n`: the next event on the current thread.
    case next
    /// `c`: continue to a breakpoint.
    case continueToBreakpoint
    /// `b` or ←: one event back.
    case back
    /// `w`: flip the scheduling choice here.
    case whatIf
    /// `v`: show or hide the code panel.
    case toggleCode
    /// `q`, Ctrl-D or the end of input.
    case quit
    /// Ctrl-C: quit as an interrupted program does (status 130).
    case interrupt
    /// Any other key, which shows the key help.
    case other

    /// Reads the next key from standard input, blocking; `.quit` at the end of input.
    static func read() -> TerminalKey {
        guard let byte = readByte() else { return .quit }
        switch byte {
        case UInt8(ascii: "s"), UInt8(ascii: " "), 13, 10: return .step
        case UInt8(ascii: "n"): return .next
        case UInt8(ascii: "c"): return .continueToBreakpoint
        case UInt8(ascii: "b"): return .back
        case UInt8(ascii: "w"): return .whatIf
        case UInt8(ascii: "v"): return .toggleCode
        case UInt8(ascii: "q"), 4: return .quit
        case 3: return .interrupt
        case 27: return escapeSequence()
        default: return .other
        }
    }

    /// Reads a line for a prompt, echoing it through `echo`: nil if cancelled with Escape
    /// (or at the end of input).
    static func readLine(echo: (String) -> Void) -> String? {
        var text = ""
        while true {
            echo(text)
            guard let byte = readByte() else { return nil }
            switch byte {
            case 13, 10: return text
            case 27, 3, 4: return nil
            case 127, 8: if !text.isEmpty { text.removeLast() }
            case 32...126: text.append(Character(Unicode.Scalar(byte)))
            default: break
            }
        }
    }

    /// After ESC: `[C` (→) steps, `[D` (←) goes back; anything else is another key.
    private static func escapeSequence() -> TerminalKey {
        var ready = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        guard poll(&ready, 1, 50) == 1, readByte() == UInt8(ascii: "["), let final = readByte() else { return .other }
        switch final {
        case UInt8(ascii: "C"): return .step
        case UInt8(ascii: "D"): return .back
        default: return .other
        }
    }

    /// The next byte of standard input, blocking; nil at the end of input. The challenge
    /// reads its keys with it too.
    static func readByte() -> UInt8? {
        var byte: UInt8 = 0
        while true {
            let count = Glibc.read(STDIN_FILENO, &byte, 1)
            if count == 1 { return byte }
            if count < 0, errno == EINTR { continue }
            return nil
        }
    }
}
