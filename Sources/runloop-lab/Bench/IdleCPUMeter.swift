import CSystem
import Glibc

/// Measures how much CPU a thread burns while it sits idle, for example in a run loop kept
/// alive by a port or a timer with nothing to do.
enum IdleCPUMeter {
    /// How long to wait after starting the idle thread before measuring, so that its start-up
    /// is not counted.
    static let settleSeconds = 0.2

    /// The idle thread's CPU use over `seconds`, as a percentage of one core.
    ///
    /// Calls `start`, waits ``settleSeconds``, then reads the idle thread's own CPU clock
    /// (`CLOCK_THREAD_CPUTIME_ID`, read on that thread by `threadCPU`) before and after
    /// `seconds` of monotonic time, and finally calls `stop`. Only the idle thread counts, so
    /// what other threads of the benchmark process do meanwhile does not blur the figure; the
    /// two reads themselves (one hop each) are included.
    ///
    /// - Parameters:
    ///   - seconds: how long to measure; must be positive.
    ///   - start: starts the idle thread and returns a handle to it; what it throws, the
    ///     measurement throws.
    ///   - threadCPU: the idle thread's CPU time so far in nanoseconds, read on that thread.
    ///   - stop: stops the idle thread after the measurement.
    static func percentOfOneCore<Idle, Failure: Error>(
        over seconds: Double,
        starting start: () throws(Failure) -> Idle,
        threadCPU: (Idle) -> Int64,
        stopping stop: (Idle) -> Void
    ) throws(Failure) -> Double {
        precondition(seconds > 0, "idle CPU is measured over a positive time")
        let idle = try start()
        MonotonicClock.sleep(seconds: settleSeconds)
        let cpuBefore = threadCPU(idle)
        let wallBefore = MonotonicClock.nanoseconds()
        MonotonicClock.sleep(seconds: seconds)
        let cpu = threadCPU(idle) - cpuBefore
        let wall = MonotonicClock.nanoseconds() - wallBefore
        stop(idle)
        return Double(cpu) * 100 / Double(wall)
    }

    /// The calling thread's CPU time (user plus system) in nanoseconds.
    static func callingThreadCPUNanoseconds() -> Int64 {
        var now = timespec()
        csystem_thread_cputime(&now)
        return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
    }
}
