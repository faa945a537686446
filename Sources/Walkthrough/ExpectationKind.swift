/// What an `expect` line checks once the run is over.
indirect enum ExpectationKind: Sendable, Equatable {
    /// `expect A.state == finished` and the other properties of an operation.
    case property(operation: String, OperationProperty, Comparison, ExpectedValue)
    /// `expect notifications(A) == [DidStart, DidFinish]`: the AFNetworking notifications
    /// posted about A, in order.
    case notifications(operation: String, [String])
    /// `expect "perform.run" before "timer.fire"`: both happen, and the first of the
    /// former comes before the first of the latter.
    case order(EventFilter, before: EventFilter)
    /// `expect event "timer.fire" count == 3`.
    case count(EventFilter, Comparison, Int)
    /// `expect outcome == quiescent`.
    case outcome(Comparison, String)
    /// `expect indicator == 0`: the network activity indicator's final count.
    case indicator(Comparison, Int)
    /// `expect checker lock-order clean` / `finds ["text"]`.
    case checker(name: String, CheckerVerdict)
    /// `expect not X`: holds when X does not.
    case not(ExpectationKind)
    /// `expect X implies Y`: holds when X does not, or when Y does. Each side keeps its
    /// text as written, for the report.
    case implies(premise: ExpectationClause, consequent: ExpectationClause)
}

/// One side of an `implies`: what it checks, and how it reads in the scenario.
struct ExpectationClause: Sendable, Equatable {
    /// The side as written, e.g. `A.cancelled == true`.
    let text: String
    /// What it checks.
    let expectation: ExpectationKind
}
