import Dispatch

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

    /// Hands `items` blocks over with `submit`, one after another without waiting, and
    /// stops the clock when the last one has run; `repetitions` times. Returns the median
    /// run, so one run disturbed by the machine does not decide the figure.
    static func pipelined(
        items: Int, repetitions: Int = 1,
        submit: (@escaping @Sendable () -> Void) -> Void
    ) -> Throughput {
        let lastRan = DispatchSemaphore(value: 0)
        let lastItem = items - 1
        let runs = (0..<max(repetitions, 1)).map { _ in
            let start = MonotonicClock.nanoseconds()
            for item in 0..<items {
                submit {
                    if item == lastItem { lastRan.signal() }
                }
            }
            lastRan.wait()
            return MonotonicClock.nanoseconds() - start
        }.sorted()
        return Throughput(items: items, nanoseconds: runs[runs.count / 2])
    }
}
