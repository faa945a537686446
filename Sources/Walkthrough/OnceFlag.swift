import Synchronization

/// A flag that can be claimed once: how a trigger fires only the first time its condition
/// holds.
final class OnceFlag: Sendable {
    private let claimed = Atomic<Bool>(false)

    /// True for the first caller only.
    func claim() -> Bool {
        !claimed.exchange(true, ordering: .acquiringAndReleasing)
    }
}
