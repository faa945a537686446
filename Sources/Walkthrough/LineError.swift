/// An error found on one line, before it is placed in its file: a column, a message and an
/// optional hint. The parser turns it into a ``ScenarioDiagnostic``.
struct LineError: Error, Sendable, Equatable {
    /// Where on the line, from 1.
    let column: Int
    /// What is wrong, e.g. `unknown operation 'C'`.
    let message: String
    /// How to fix it, if there is something to say.
    let hint: String?

    init(column: Int, _ message: String, hint: String? = nil) {
        self.column = column
        self.message = message
        self.hint = hint
    }
}
