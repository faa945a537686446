extension Violation {
    /// The lines that show `violations` in order, the first after `firstPrefix` and each other
    /// after `otherPrefix`, as `explore` and `replay` print them. A violation whose first line
    /// another one already gives as what the run got (an `expect checker X clean` line quotes
    /// X's own finding) is not repeated: its details go under the quote.
    public static func lines(_ violations: [Violation], firstPrefix: String = "", otherPrefix: String = "") -> [String] {
        var lines: [String] = []
        for (index, violation) in violations.enumerated() {
            let head = "[\(violation.kind)] \(violation.summary)"
            if let quote = lines.lastIndex(of: quotedActualPrefix + head) {
                lines.insert(contentsOf: violation.details.map { quotedDetailIndent + $0 }, at: quote + 1)
                continue
            }
            lines += ((index == 0 ? firstPrefix : otherPrefix) + violation.description)
                .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        }
        return lines
    }

    /// How a detail that gives what the run got begins, indented as a violation's details are.
    private static let quotedActualPrefix = "  " + actualLabel

    /// The indent of a quoted violation's details, under the quote's text.
    private static let quotedDetailIndent = String(repeating: " ", count: quotedActualPrefix.count)
}
