import Synchronization

/// A count of the calls that may have changed what a descriptor, or either end of a pair,
/// is ready for. A simulated port set remembers each member's readiness with the count it
/// was polled at, and polls again only once the count has moved.
///
/// A call whose result says what the descriptor is ready for (an eventfd's own write or
/// read: ``LabFileDescriptor/addToEventCounter()``) leaves that answer with the count, and it
/// stands, without a poll, until the count moves again.
///
/// Every count of a simulation's descriptors also moves the simulation's ``Total``, so that
/// while the total stands still, no port set of the run, whose members are all counted,
/// can be ready for anything but what it last was.
final class DescriptorActivity: Sendable {
    /// The calls counted on every descriptor of one simulation, and the changes of its
    /// port sets' members (``SimulatedPortSet``).
    final class Total: Sendable {
        private let count = Atomic<Int>(0)

        /// Counts one call or one change.
        func note() { count.add(1, ordering: .relaxed) }

        /// How many calls and changes have been counted so far.
        var current: Int { count.load(ordering: .relaxed) }
    }

    private let count = Atomic<Int>(0)
    /// `count << 1 | readable` of the last known answer, or -1: it holds while `count` is
    /// still what it was then.
    private let known = Atomic<Int>(-1)
    /// The count of all the simulation's descriptors.
    private let total: Total

    /// The activity of a new descriptor of `runtime`, or `nil` when `runtime` is not a
    /// ``Simulation``: live, nothing is counted.
    init?(of runtime: any Runtime) {
        guard let simulation = runtime as? Simulation else { return nil }
        total = simulation.descriptorActivity
    }

    /// Counts one call that may change readiness.
    func note() {
        count.add(1, ordering: .relaxed)
        total.note()
    }

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
