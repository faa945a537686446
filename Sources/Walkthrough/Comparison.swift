/// The comparison of an `expect` line: `==`, `!=`, `<`, `<=`, `>`, `>=`.
enum Comparison: String, Sendable, Equatable, CaseIterable {
    case equal = "=="
    case notEqual = "!="
    case less = "<"
    case lessOrEqual = "<="
    case greater = ">"
    case greaterOrEqual = ">="

    /// Whether `actual` compares to `expected` this way.
    func holds(_ actual: Int, _ expected: Int) -> Bool {
        switch self {
        case .equal: actual == expected
        case .notEqual: actual != expected
        case .less: actual < expected
        case .lessOrEqual: actual <= expected
        case .greater: actual > expected
        case .greaterOrEqual: actual >= expected
        }
    }

    /// Whether two names compare this way; only `==` and `!=` apply to names.
    func holds(_ actual: String, _ expected: String) -> Bool {
        self == .equal ? actual == expected : actual != expected
    }
}
