/// A simulated thread's body, run once and released as soon as it returns.
///
/// The body is released while its thread still holds the baton, so whatever it captured is
/// released (and deinitialised, and weak references to it cleared) at a fixed point of the
/// schedule, before the thread's exit is traced. Released by the pooled pthread after the
/// baton had moved on, the last reference to an object could go at any moment of the next
/// thread's run, and a weak reference read there would differ from run to run.
final class ThreadBody: @unchecked Sendable {  // Only the one pthread that runs the body touches it after creation.
    private var body: (@Sendable () -> Void)?

    init(_ body: @escaping @Sendable () -> Void) {
        self.body = body
    }

    /// Runs the body, then drops it; later calls do nothing.
    func runOnce() {
        guard let body else { return }
        self.body = nil
        body()
    }
}
