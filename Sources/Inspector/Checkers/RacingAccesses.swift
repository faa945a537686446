import LabRuntime

/// The two accesses of a data race as the `data-race` checker found them in one run: the
/// cell, and for each access its thread and which of that thread's cell accesses it is, so
/// that a reordered run of the same program can find them again (see
/// ``Finding/adjacentRace``).
public struct RacingAccesses: Sendable, Equatable {
    /// One of the two accesses.
    public struct Access: Sendable, Equatable {
        /// The accessing thread.
        public let thread: LabThreadID
        /// How many cell accesses (of any cell) the thread made before this one.
        public let ordinal: Int
        /// The access's event number in the run that found it.
        public let sequence: Int
    }

    /// The cell's trace name, e.g. `"V3 response of op A"`.
    public let cell: String
    /// The access that came first in the run.
    public let first: Access
    /// The access that came second, with nothing ordering it after ``first``.
    public let second: Access
}
