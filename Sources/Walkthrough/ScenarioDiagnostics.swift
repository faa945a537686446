/// Everything wrong with a scenario, in source order: what ``Scenario/parse(source:fileName:)``
/// and ``ScenarioRunner/run(_:seed:)`` throw.
public struct ScenarioDiagnostics: Error, Sendable, Equatable, CustomStringConvertible {
    /// The errors, in source order (at least one).
    public let diagnostics: [ScenarioDiagnostic]

    /// A list of errors; they are sorted by location.
    public init(_ diagnostics: [ScenarioDiagnostic]) {
        self.diagnostics = diagnostics.sorted { $0.location < $1.location }
    }

    /// How many diagnostics ``description`` shows before it only counts the rest.
    public static let shownLimit = 20

    /// The first ``shownLimit`` diagnostics, separated by a blank line, then how many were
    /// left out, if any, and `N errors`.
    public var description: String {
        let count = diagnostics.count == 1 ? "1 error" : "\(diagnostics.count) errors"
        let hidden = diagnostics.count - Self.shownLimit
        let more = hidden > 0 ? ["… and \(hidden) more (fix the first ones and run again)"] : []
        return (diagnostics.prefix(Self.shownLimit).map(\.description) + more + [count]).joined(separator: "\n\n")
    }
}
