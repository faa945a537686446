/// An operation property's value after the run, as `expect` compares it.
enum PropertyValue: CustomStringConvertible {
    /// A name: a state, `true`, `none`, `success`, …
    case word(String)
    /// A number, with the name it also answers to (an error's code and its name, or
    /// `"\(number)"`).
    case number(Int, name: String)
    /// Text, such as an error domain or a URL path: shown in double quotes.
    case text(String)

    var description: String {
        switch self {
        case let .word(word): word
        case let .number(number, name): name == "\(number)" ? name : "\(name) (\(number))"
        case let .text(text): "\"\(text)\""
        }
    }
}
