import Synchronization

/// The next id of each ``LabObjectKind`` in one runtime: one atomic counter per kind, so
/// that taking an id (``Runtime/nextID(_:)``) costs one atomic add, and threads taking ids
/// of different kinds do not wait for each other.
///
/// `@unchecked Sendable`: the pointer is only read after `init`, and every counter behind
/// it is an `Atomic`.
struct ObjectIDCounters: ~Copyable, @unchecked Sendable {
    private let counters: UnsafeMutablePointer<Atomic<Int>>

    /// Counters that all start at 0.
    init() {
        counters = .allocate(capacity: LabObjectKind.allCases.count)
        for kind in LabObjectKind.allCases { (counters + kind.rawValue).initialize(to: Atomic(0)) }
    }

    deinit {
        counters.deinitialize(count: LabObjectKind.allCases.count)
        counters.deallocate()
    }

    /// The next id of `kind`: 0, 1, 2, … in the order they are taken.
    func next(_ kind: LabObjectKind) -> Int {
        counters[kind.rawValue].wrappingAdd(1, ordering: .relaxed).oldValue
    }
}
