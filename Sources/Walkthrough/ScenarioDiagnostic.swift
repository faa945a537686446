/// One error in a scenario, placed in its file, printed the way compilers print theirs:
///
/// ```
/// scenario.lab:7:16: error: unknown operation 'C'
/// on main: start C
///                ^
/// hint: declare it with 'op C = http GET /path'
/// ```
public struct ScenarioDiagnostic: Sendable, Equatable, CustomStringConvertible {
    /// The file name given to ``Scenario/parse(source:fileName:)``.
    public let fileName: String
    /// Where the error is.
    public let location: SourceLocation
    /// What is wrong.
    public let message: String
    /// How to fix it, if there is something to say.
    public let hint: String?
    /// The whole source line the error is on, as written.
    public let sourceLine: String

    /// A diagnostic at `location` of `fileName`, whose line reads `sourceLine`.
    public init(fileName: String, location: SourceLocation, message: String, hint: String?, sourceLine: String) {
        self.fileName = fileName
        self.location = location
        self.message = message
        self.hint = hint
        self.sourceLine = sourceLine
    }

    /// `file:line:column: error: message`, on one line.
    public var headline: String { "\(fileName):\(location): error: \(message)" }

    /// The headline, the source line, a caret under the column and the hint.
    ///
    /// The caret line repeats the tabs of the source line before the column, so the caret
    /// lines up however tabs are shown.
    public var description: String {
        let prefix = sourceLine.prefix(max(0, location.column - 1)).map { $0 == "\t" ? "\t" : " " }.joined()
        var lines = [headline, sourceLine, prefix + "^"]
        if let hint { lines.append("hint: \(hint)") }
        return lines.joined(separator: "\n")
    }
}
