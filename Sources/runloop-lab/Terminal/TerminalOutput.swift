import CSystem
import Glibc

/// Writes to the terminal and reads its size, for the interactive demo.
enum TerminalOutput {
    /// Writes `text` to standard output in full.
    static func write(_ text: String) {
        _ = DescriptorWriter.writeAll(text, to: STDOUT_FILENO)
    }

    /// Clears the screen and draws `lines` from the top left.
    static func draw(_ lines: [String]) {
        write("\u{1B}[H\u{1B}[2J" + lines.joined(separator: "\r\n"))
    }

    /// The terminal's rows and columns (24 by 80 when it does not say).
    static func size() -> (rows: Int, columns: Int) {
        var rows: UInt16 = 0
        var columns: UInt16 = 0
        guard csystem_window_size(STDOUT_FILENO, &rows, &columns) == 0, rows > 0, columns > 0 else { return (24, 80) }
        return (Int(rows), Int(columns))
    }
}
