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

    /// Times `run`, which must send `items` items and return once the last has been handled.
    static func measure(items: Int, _ run: () -> Void) -> Throughput {
        let start = MonotonicClock.nanoseconds()
        run()
        return Throughput(items: items, nanoseconds: MonotonicClock.nanoseconds() - start)
    }
}
