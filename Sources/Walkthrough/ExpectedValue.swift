/// The right-hand side of a property comparison.
enum ExpectedValue: Sendable, Equatable, CustomStringConvertible {
    /// A name such as `finished` or `true`.
    case word(String)
    /// A whole number.
    case number(Int)
    /// Text in double quotes, or a URL path.
    case text(String)

    var description: String {
        switch self {
        case let .word(word): word
        case let .number(number): "\(number)"
        case let .text(text): "\"\(text)\""
        }
    }
}
