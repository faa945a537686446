/// The verdict on one `expect` line, with what it expected and what the run gave.
public struct ScenarioCheck: Sendable, Equatable, CustomStringConvertible {
    /// The scenario's file name.
    public let fileName: String
    /// The line of the `expect`, from 1.
    public let line: Int
    /// The statement as written, e.g. `expect A.state == finished`.
    public let statement: String
    /// Whether the run met it.
    public let passed: Bool
    /// What it expected, e.g. `finished` or `count >= 3`.
    public let expected: String
    /// What the run gave.
    public let actual: String

    /// A verdict on the `expect` at `line`.
    public init(fileName: String, line: Int, statement: String, passed: Bool, expected: String, actual: String) {
        self.fileName = fileName
        self.line = line
        self.statement = statement
        self.passed = passed
        self.expected = expected
        self.actual = actual
    }

    /// `PASS file:12  expect A.state == finished`, or for a failure the same with `FAIL`
    /// and two more lines, `expected:` and `actual:`.
    public var description: String {
        let head = "\(passed ? "PASS" : "FAIL") \(fileName):\(line)  \(statement)"
        guard !passed else { return head }
        return [head, "     expected: \(expected)", "     actual:   \(actual)"].joined(separator: "\n")
    }
}
