import Glibc

/// Measures how much CPU the process burns while a thread sits idle, for example in a run
/// loop kept alive by a port or a timer with nothing to do.
enum IdleCPUMeter {
    /// How long to wait after starting the idle thread before measuring, so that its start-up
    /// is not counted.
    static let settleSeconds = 0.2

    /// The process's CPU use while an idle thread runs, as a percentage of one core.
    ///
    /// Calls `start`, waits ``settleSeconds``, then compares the process's user plus system
    /// time (`getrusage(RUSAGE_SELF)`) with the monotonic time over `seconds`, and finally
    /// calls `stop` with what `start` returned. The figure covers every thread of the process,
    /// so other benchmark threads should be stopped first.
    ///
    /// - Parameters:
    ///   - seconds: how long to measure; must be positive.
    ///   - start: starts the idle thread and returns a handle to it.
    ///   - stop: stops the idle thread after the measurement.
    static func percentOfOneCore<Idle>(
        over seconds: Double,
        starting start: () -> Idle,
        stopping stop: (Idle) -> Void
    ) -> Double {
        precondition(seconds > 0, "idle CPU is measured over a positive time")
        let idle = start()
        MonotonicClock.sleep(seconds: settleSeconds)
        let cpuBefore = processCPUNanoseconds()
        let wallBefore = MonotonicClock.nanoseconds()
        MonotonicClock.sleep(seconds: seconds)
        let cpu = processCPUNanoseconds() - cpuBefore
        let wall = MonotonicClock.nanoseconds() - wallBefore
        stop(idle)
        return Double(cpu) * 100 / Double(wall)
    }

    /// The user plus system CPU time the whole process has consumed, in nanoseconds.
    static func processCPUNanoseconds() -> Int64 {
        var usage = rusage()
        getrusage(Int32(RUSAGE_SELF.rawValue), &usage)
        let user = Int64(usage.ru_utime.tv_sec) * 1_000_000 + Int64(usage.ru_utime.tv_usec)
        let system = Int64(usage.ru_stime.tv_sec) * 1_000_000 + Int64(usage.ru_stime.tv_usec)
        return (user + system) * 1_000
    }
}
