import Synchronization

/// A count of the calls that may have changed what a descriptor, or either end of a pair,
/// is ready for. A simulated port set remembers each member's readiness with the count it
/// was polled at, and polls again only once the count has moved.
///
/// A call whose result says what the descriptor is ready for (an eventfd's own write or
/// read: ``LabFileDescriptor/addToEventCounter()``) leaves that answer with the count, and it
/// stands, without a poll, until the count moves again.
final class DescriptorActivity: Sendable {
    private let count = Atomic<Int>(0)
    /// `count << 1 | readable` of the last known answer, or -1: it holds while `count` is
    /// still what it was then.
    private let known = Atomic<Int>(-1)

    /// Counts one call that may change readiness.
    func note() { count.add(1, ordering: .relaxed) }

    /// How many calls have been counted so far.
    var current: Int { count.load(ordering: .relaxed) }

    /// Notes that, as of the calls counted so far, the descriptor is readable or not, and
    /// writable: what an eventfd is after its counter was set.
    func know(readable: Bool) {
        known.store(current << 1 | (readable ? 1 : 0), ordering: .relaxed)
    }

    /// Whether the descriptor is readable, if ``know(readable:)`` said so and no call has
    /// been counted since.
    var knownReadable: Bool? {
        let answer = known.load(ordering: .relaxed)
        guard answer >= 0, answer >> 1 == current else { return nil }
        return answer & 1 == 1
    }
}
