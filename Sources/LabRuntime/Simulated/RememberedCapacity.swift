import Synchronization

/// How long one of a run's lists grew in the last finished run, at most ``limit``: a new
/// run reserves that much room, so that a search's runs, each about as long as the one
/// before, fill the list without growing it (one allocation where growing from empty makes
/// one for every doubling). Shared by the process's runs on every pthread; it only sizes an
/// allocation, so a run sees no difference in behaviour whichever run stored it last.
final class RememberedCapacity: Sendable {
    private let last = Atomic<Int>(0)
    /// The most room remembered, so that one long run does not make every later run
    /// allocate as much.
    let limit: Int

    init(limit: Int) {
        self.limit = limit
    }

    /// An empty list with room for as many elements as the last finished run's held.
    func reserved<Element>() -> [Element] {
        var list: [Element] = []
        list.reserveCapacity(last.load(ordering: .relaxed))
        return list
    }

    /// Remembers `count`, the length a finished run's list reached, for the next run.
    func remember(_ count: Int) {
        last.store(min(count, limit), ordering: .relaxed)
    }
}

extension Simulation {
    /// The room a new run reserves for its switches, threads and descriptors.
    static let switchRoom = RememberedCapacity(limit: 1 << 12)
    static let threadRoom = RememberedCapacity(limit: 256)
    static let descriptorRoom = RememberedCapacity(limit: 1024)
}
