import CSystem

/// What `bench network` asks of glibc's heap trimming (`--heap-trim`), the one allocator
/// setting that moves its figures.
///
/// A response's buffer is allocated on the network thread and freed wherever the operation
/// is released, often the main thread after its DidFinish notification. With glibc's default
/// trim threshold (128 KiB) such a free hands the top of the network thread's heap back to
/// the kernel, and the next read faults the same pages in again: up to 7% of the network
/// thread's time in `bench network`, none of it AFNetworking's design.
enum HeapTrim: String, CaseIterable, Equatable, Sendable {
    /// The trim threshold raised to 64 MiB, so freed buffers stay in the process for the
    /// next allocation (the default).
    case off
    /// glibc's default: a heap's free top beyond 128 KiB goes back to the kernel at once.
    case glibc

    /// The threshold `off` sets, in bytes.
    static let raisedThreshold = 64 << 20

    /// Applies the setting to the process's allocator and describes it in one line.
    func apply() -> String {
        switch self {
        case .glibc:
            return "heap: glibc's default trimming (freed heap tops beyond 128 KiB go back to the kernel)."
        case .off:
            let applied = csystem_set_malloc_trim_threshold(Int32(Self.raisedThreshold)) == 1
            return applied
                ? "heap: trimming off (M_TRIM_THRESHOLD \(Self.raisedThreshold >> 20) MiB), so response buffers freed on "
                    + "another thread are not faulted in again; --heap-trim glibc keeps glibc's default."
                : "heap: mallopt(M_TRIM_THRESHOLD) failed; glibc's default trimming is in force."
        }
    }
}
