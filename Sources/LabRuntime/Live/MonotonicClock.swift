import Glibc

/// `CLOCK_MONOTONIC` in nanoseconds: the live runtime's time base, CF's "TSR".
enum MonotonicClock {
    static func nanoseconds() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
    }
}
