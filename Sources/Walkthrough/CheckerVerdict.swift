/// What `expect checker NAME …` wants from the checker.
enum CheckerVerdict: Sendable, Equatable {
    /// `clean`: no findings.
    case clean
    /// `finds ["text"]`: at least one finding (containing the text, if given).
    case finds(String?)
}

extension CheckerVerdict: CustomStringConvertible {
    /// `clean`, `finds "text"` or `finds something`.
    var description: String {
        switch self {
        case .clean: "clean"
        case let .finds(text?): "finds \"\(text)\""
        case .finds(nil): "finds something"
        }
    }
}
