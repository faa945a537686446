/// A batch's progress and completion at a point of the run: what `expect Z.progress` and
/// `expect Z.completed` read.
struct BatchReport: Sendable {
    /// The scenario's name for it.
    let name: String
    /// Every call of its progress block, `(numberOfFinishedOperations, totalNumberOfOperations)`,
    /// in order.
    var progress: [BatchProgress] = []
    /// Whether its completion block ran.
    var completed = false
}

/// One call of a batch's progress block.
struct BatchProgress: Sendable, Equatable, CustomStringConvertible {
    /// `numberOfFinishedOperations`.
    let finished: Int
    /// `totalNumberOfOperations`.
    let total: Int

    /// `(1, 2)`.
    var description: String { "(\(finished), \(total))" }
}
