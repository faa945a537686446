/// Builds the help text of a command in one layout: usage lines, a description, then
/// titled sections of aligned two-column rows.
enum HelpText {
    /// The row every command's option list ends with.
    static let helpRow = (term: "-h, --help", text: "Show this help.")

    /// Renders a command's help.
    ///
    /// - Parameters:
    ///   - synopsis: the usage lines, each a full invocation such as `runloop-lab demo [--no-color]`.
    ///   - description: one or more sentences saying what the command does.
    ///   - sections: titled lists of rows, such as the command's options or subcommands.
    static func render(
        synopsis: [String],
        description: String,
        sections: [(title: String, rows: [(term: String, text: String)])]
    ) -> String {
        var lines = synopsis.enumerated().map { index, line in
            (index == 0 ? "Usage: " : "       ") + line
        }
        lines.append("")
        lines.append(description)
        for section in sections {
            lines.append("")
            lines.append("\(section.title):")
            let width = section.rows.map(\.term.count).max() ?? 0
            for row in section.rows {
                let padding = String(repeating: " ", count: width - row.term.count)
                lines.append("  \(row.term)\(padding)  \(row.text)")
            }
        }
        return lines.joined(separator: "\n")
    }

    /// The rows for a list of options, followed by ``helpRow``.
    static func optionRows(_ options: [OptionSpec]) -> [(term: String, text: String)] {
        options.map { (term: $0.term, text: $0.help) } + [helpRow]
    }
}
