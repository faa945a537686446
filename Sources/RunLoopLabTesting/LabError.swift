/// An option of ``Lab`` that is out of range, or a schedule that does not parse: the test's
/// own mistake, thrown before anything runs.
public struct LabError: Error, Equatable, CustomStringConvertible {
    /// What is wrong, e.g. `"schedules must be positive, not 0"`.
    public let message: String

    /// An error saying `message`.
    public init(_ message: String) { self.message = message }

    public var description: String { message }
}
