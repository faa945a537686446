/// Something that went wrong while a scenario ran, at the line that caused it: work
/// performed on a thread that had exited, a port removed from a loop that had none left, an
/// `interleave` entry that never got its turn.
///
/// Problems are reported with the run but do not fail it: a lesson may mean to show them.
/// Checks decide whether a run passes.
public struct ScenarioProblem: Sendable, Equatable {
    /// The line of the statement, from 1.
    public let line: Int
    /// What went wrong.
    public let message: String

    /// A problem caused by `line`.
    public init(line: Int, message: String) {
        self.line = line
        self.message = message
    }

    /// The problem as a report gives it, in the scenario file `fileName`:
    /// `problem: cancel-race.lab:9: worker has exited; …`.
    public func text(in fileName: String) -> String {
        "problem: \(fileName):\(line): \(message)"
    }
}
