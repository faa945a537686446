/// Something a ``Checker`` found wrong with one run.
public struct Violation: Sendable, Equatable, CustomStringConvertible {
    /// The name of the checker that found it.
    public let checker: String
    /// What sort of problem it is; shrinking keeps a schedule only if it shows the same kind.
    public let kind: ViolationKind
    /// One line: what went wrong.
    public let summary: String
    /// The explanation, one line each: who waits for what, where an edge was first seen.
    public let details: [String]
    /// For a data race: the two accesses, from which the explorer derives a schedule that
    /// runs them back to back.
    public let race: RacingAccesses?

    /// A violation found by `checker`.
    public init(checker: String, kind: ViolationKind, summary: String, details: [String] = [], race: RacingAccesses? = nil) {
        self.checker = checker
        self.kind = kind
        self.summary = summary
        self.details = details
        self.race = race
    }

    /// How a detail gives what a run got where a check expected something else; an
    /// exploration's report puts under it the details of a violation it quotes whole.
    public static let actualLabel = "actual:   "

    /// `"[deadlock] lock cycle T1 → T2 → T1"` and the details, indented.
    public var description: String {
        (["[\(kind)] \(summary)"] + details.map { "  " + $0 }).joined(separator: "\n")
    }
}
