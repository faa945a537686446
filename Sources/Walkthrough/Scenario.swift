import AFReplay

/// A parsed scenario file: declarations, actions, runs and checks, ready for a
/// ``ScenarioRunner``.
///
/// Parse one with ``parse(source:fileName:)``; the language is described in
/// `Tutorials/LANGUAGE.md`. A scenario is a value: run it as often as you like, under
/// different seeds or schedules, and every run starts from scratch.
public struct Scenario: Sendable {
    /// The file name used in diagnostics and check reports, e.g. `cancel-race.lab`.
    public let fileName: String
    /// The source, one entry per line.
    public let sourceLines: [String]
    /// The AFNetworking flavour the operations run (`fidelity`; `afn263` by default).
    public let fidelity: Fidelity
    /// The declared strategy (`strategy`; `random seed 0` by default).
    public let strategy: ScenarioStrategy
    /// The line of the `strategy` statement, if there is one.
    let strategyLine: Int?
    /// The executable lines, in source order.
    let statements: [ScenarioStatement]
    /// The `expect` lines, in source order.
    let expectations: [ScenarioExpectation]
    /// The names of the declared session tasks (`t` for `op t = task …`).
    public let taskNames: [String]
    /// The run's step budget: `run N steps`, if the scenario ends that way.
    let stepLimit: Int?
    /// The run's virtual-time budget: the end of the last `run for`, if the scenario ends
    /// with one. A scenario that ends with anything else serves until idle.
    let timeLimit: Duration?

    init(
        fileName: String, sourceLines: [String], fidelity: Fidelity, strategy: ScenarioStrategy, strategyLine: Int?,
        statements: [ScenarioStatement], expectations: [ScenarioExpectation]
    ) {
        self.fileName = fileName
        self.sourceLines = sourceLines
        self.fidelity = fidelity
        self.strategy = strategy
        self.strategyLine = strategyLine
        self.statements = statements
        self.expectations = expectations
        // Found once here rather than from the statements by every run.
        taskNames = statements.compactMap { statement in
            if case let .operation(declaration) = statement.kind, declaration.kind == .task { declaration.name } else { nil }
        }
        switch statements.last?.kind {
        case let .run(.steps(steps)): (stepLimit, timeLimit) = (steps, nil)
        case let .run(.duration(_, until)): (stepLimit, timeLimit) = (nil, until)
        default: (stepLimit, timeLimit) = (nil, nil)
        }
    }

    /// Parses `source`.
    ///
    /// Parsing never traps: every input, however garbled, ends in a scenario or in
    /// diagnostics.
    ///
    /// - Parameters:
    ///   - source: the scenario text.
    ///   - fileName: the name diagnostics and reports use.
    /// - Throws: ``ScenarioDiagnostics`` with every error found, each at its line and
    ///   column, with the source line, a caret and a hint.
    public static func parse(source: String, fileName: String = "scenario.lab") throws(ScenarioDiagnostics) -> Scenario {
        var parser = ScenarioParser(source: source, fileName: fileName)
        return try parser.parse()
    }

    /// The declared operations' names (`A` for `op A = …`, block operations too), in
    /// declaration order.
    public var operationNames: [String] {
        statements.compactMap { statement in
            switch statement.kind {
            case let .operation(declaration): declaration.name
            case let .blockOperation(name), let .operationCopy(name, _, _): name
            default: nil
            }
        }
    }

    /// The declared threads' names, in declaration order (`main` and `AFNetworking` are
    /// not declared).
    public var threadNames: [String] {
        statements.compactMap { statement in
            if case let .thread(declaration) = statement.kind { declaration.name } else { nil }
        }
    }

    /// How many `expect` lines the scenario has.
    public var expectationCount: Int { expectations.count }
}
