/// The sort of problem a ``Violation`` reports, by name: open, so that checkers added later
/// (the AFNetworking callback ledger, say) bring their own kinds.
public struct ViolationKind: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String

    /// A kind called `rawValue`, e.g. `"deadlock"`.
    public init(rawValue: String) { self.rawValue = rawValue }

    public var description: String { rawValue }

    /// Threads wait for each other in a cycle of locks (and joins).
    public static let deadlock = ViolationKind(rawValue: "deadlock")
    /// A thread waits for a lock it already holds, and the lock is not recursive.
    public static let lockRecursion = ViolationKind(rawValue: "lock recursion")
    /// A thread released a lock it does not hold (`-[NSLock unlock]` from the wrong thread).
    public static let unheldUnlock = ViolationKind(rawValue: "unlock of a lock not held")
    /// Two lock classes are taken in both orders: a deadlock waiting for a schedule.
    public static let lockOrderInversion = ViolationKind(rawValue: "lock order inversion")
    /// Nothing can ever run again and some thread is blocked forever outside any cycle
    /// (a semaphore nothing will signal, a join of a thread that never exits).
    public static let stuckThread = ViolationKind(rawValue: "stuck thread")
    /// The step budget ran out while threads could still run.
    public static let livelock = ViolationKind(rawValue: "livelock")
    /// A scenario's own expectation about its final state failed.
    public static let expectation = ViolationKind(rawValue: "expectation")
    /// Re-running a recorded prefix did not meet the same choices: the scenario depends on
    /// something the simulation does not control (the wall clock, unseeded randomness).
    public static let nondeterminism = ViolationKind(rawValue: "nondeterminism")
    /// A system call the lab cannot do without failed in the run (no descriptor left:
    /// `EMFILE`), so the run says nothing about the program: an error of the machine, which
    /// stops the search and is reported as such, never shrunk.
    public static let systemCallFailed = ViolationKind(rawValue: "system call failed")
}
