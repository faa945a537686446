/// A key the interactive challenge acts on, read from standard input in raw mode.
enum ChallengeKey: Equatable, Sendable {
    /// `1`–`9`: run the runnable thread with that number next.
    case thread(Int)
    /// Enter or space: keep the current thread running.
    case keepGoing
    /// `f`: keep the current thread running until it cannot go on.
    case fastForward
    /// `u`: take back one choice.
    case undo
    /// `?`: the help.
    case help
    /// `q`, Ctrl-D or the end of input.
    case quit
    /// Ctrl-C: quit as an interrupted program does (status 130).
    case interrupt
    /// Any other key.
    case other

    /// The key `byte` stands for.
    init(byte: UInt8?) {
        guard let byte else {
            self = .quit
            return
        }
        switch byte {
        case UInt8(ascii: "1")...UInt8(ascii: "9"): self = .thread(Int(byte - UInt8(ascii: "0")))
        case 13, 10, UInt8(ascii: " "): self = .keepGoing
        case UInt8(ascii: "f"): self = .fastForward
        case UInt8(ascii: "u"): self = .undo
        case UInt8(ascii: "?"), UInt8(ascii: "h"): self = .help
        case UInt8(ascii: "q"), 4: self = .quit
        case 3: self = .interrupt
        default: self = .other
        }
    }

    /// Reads the next key from standard input, blocking.
    static func read() -> ChallengeKey {
        ChallengeKey(byte: TerminalKey.readByte())
    }
}
