/// A place in a scenario file: a line and a column, both counted from 1.
///
/// Columns count characters (Swift `Character`s), so a caret printed under the same number
/// of characters of the source line points at the right place.
public struct SourceLocation: Sendable, Equatable, Comparable, CustomStringConvertible {
    /// The line, from 1.
    public let line: Int
    /// The column, from 1.
    public let column: Int

    /// The location at `line`, `column`.
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// Source order: by line, then by column.
    public static func < (a: SourceLocation, b: SourceLocation) -> Bool {
        (a.line, a.column) < (b.line, b.column)
    }

    /// `"7:12"`.
    public var description: String { "\(line):\(column)" }
}
