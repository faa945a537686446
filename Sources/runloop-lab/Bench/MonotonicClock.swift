import Glibc

/// `CLOCK_MONOTONIC`, the clock every benchmark figure is measured with.
enum MonotonicClock {
    /// The current monotonic time in nanoseconds since an arbitrary fixed point.
    static func nanoseconds() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
    }

    /// Sleeps the calling thread for `seconds`, resuming after signals until the time is up.
    static func sleep(seconds: Double) {
        let total = Int64(seconds * 1e9)
        var request = timespec(tv_sec: Int(total / 1_000_000_000), tv_nsec: Int(total % 1_000_000_000))
        var remaining = timespec()
        while nanosleep(&request, &remaining) != 0 && errno == EINTR {
            request = remaining
        }
    }
}
