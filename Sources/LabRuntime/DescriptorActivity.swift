import Synchronization

/// A count of the calls that may have changed what a descriptor, or either end of a pair,
/// is ready for. A simulated port set remembers each member's readiness with the count it
/// was polled at, and polls again only once the count has moved.
final class DescriptorActivity: Sendable {
    private let count = Atomic<Int>(0)

    /// Counts one call that may change readiness.
    func note() { count.add(1, ordering: .relaxed) }

    /// How many calls have been counted so far.
    var current: Int { count.load(ordering: .relaxed) }
}
