/// One token of a scenario line.
struct Token: Sendable, Equatable {
    /// What sort of token it is.
    enum Kind: Sendable, Equatable {
        /// A name or keyword: a letter or `_`, then letters, digits, `_` and `-`.
        case word
        /// Digits with an optional leading `-` and an optional unit (`10`, `-999`, `5ms`).
        case number
        /// A double-quoted string; ``Token/text`` holds its contents, escapes resolved.
        case string
        /// A URL path: `/` and everything up to a space, `,`, `;` or `#`.
        case path
        /// Punctuation: `->`, `==`, `!=`, `<=`, `>=`, `<`, `>`, `=`, `:`, `;`, `,`, `.`,
        /// `[`, `]`, `(`, `)`, `+`, and `#` before a digit right after a string.
        case symbol
    }

    /// What sort of token it is.
    let kind: Kind
    /// The token as written (for a string, its contents).
    let text: String
    /// The column of its first character, from 1.
    let column: Int
    /// The column just past its last character.
    let endColumn: Int

    /// How the token reads in a message: `'start'`, or `"v1"` for a string.
    var quoted: String {
        kind == .string ? "\"\(text)\"" : "'\(text)'"
    }

    /// Whether this is the word or symbol `text`.
    func `is`(_ text: String) -> Bool {
        kind != .string && self.text == text
    }
}
