/// Everything wrong with a scenario, in source order: what ``Scenario/parse(source:fileName:)``
/// and ``ScenarioRunner/run(_:seed:)`` throw.
public struct ScenarioDiagnostics: Error, Sendable, Equatable, CustomStringConvertible {
    /// The errors, in source order (at least one).
    public let diagnostics: [ScenarioDiagnostic]

    /// A list of errors; they are sorted by location.
    public init(_ diagnostics: [ScenarioDiagnostic]) {
        self.diagnostics = diagnostics.sorted { $0.location < $1.location }
    }

    /// Every diagnostic, separated by a blank line, then `N errors`.
    public var description: String {
        let count = diagnostics.count == 1 ? "1 error" : "\(diagnostics.count) errors"
        return (diagnostics.map(\.description) + [count]).joined(separator: "\n\n")
    }
}
