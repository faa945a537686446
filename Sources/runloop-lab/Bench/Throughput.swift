/// How fast a number of items went through: items over elapsed time.
struct Throughput: Equatable, Sendable {
    /// The number of items handled.
    let items: Int

    /// The time from the first item sent to the last item handled, in nanoseconds.
    let nanoseconds: Int64

    /// Items handled per second.
    var itemsPerSecond: Double {
        Double(items) * 1e9 / Double(max(nanoseconds, 1))
    }

    /// Times `run` `repetitions` times; `run` must send `items` items and return once the
    /// last has been handled. Returns the median run, so one run disturbed by the machine
    /// does not decide the figure.
    static func measure(items: Int, repetitions: Int = 1, _ run: () -> Void) -> Throughput {
        let runs = (0..<max(repetitions, 1)).map { _ in
            let start = MonotonicClock.nanoseconds()
            run()
            return MonotonicClock.nanoseconds() - start
        }.sorted()
        return Throughput(items: items, nanoseconds: runs[runs.count / 2])
    }
}
