/// An `expect` line: where it is, how it reads, and what it checks.
struct ScenarioExpectation: Sendable, Equatable {
    /// The line, from 1.
    let line: Int
    /// The statement as written, without comment or indentation.
    let text: String
    /// What it checks.
    let expectation: ExpectationKind
}
