/// One `--option` a command accepts: a flag, or an option that takes a value.
struct OptionSpec: Sendable {
    /// The option as typed, including its dashes, such as `--items`.
    let name: String

    /// The placeholder for the option's value in help text, such as `N`; `nil` for a flag.
    let valueName: String?

    /// One line saying what the option does and what its default is.
    let help: String

    /// The option as the help text shows it, such as `--items N`.
    var term: String {
        valueName.map { "\(name) \($0)" } ?? name
    }
}
