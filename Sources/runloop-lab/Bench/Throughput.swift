import Dispatch
import Synchronization

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

    /// Hands `items` blocks of the given kind over with `submit`, one after another without
    /// waiting, and stops the clock when the last one has run; `repetitions` times. Returns
    /// the median run, so one run disturbed by the machine does not decide the figure.
    static func pipelined(
        items: Int, repetitions: Int = 1, blocks: PipelinedBlocks,
        submit: (consuming @escaping @Sendable () -> Void) -> Void
    ) -> Throughput {
        let runs = (0..<max(repetitions, 1)).map { _ in
            PipelinedItem.expect(items)
            let start = MonotonicClock.nanoseconds()
            switch blocks {
            case .capturingItem:
                let lastItem = items - 1
                for item in 0..<items {
                    submit { if item == lastItem { PipelinedItem.lastRan.signal() } }
                }
            case .captureFree:
                for _ in 0..<items {
                    submit { PipelinedItem.handle() }
                }
            }
            PipelinedItem.lastRan.wait()
            return MonotonicClock.nanoseconds() - start
        }.sorted()
        return Throughput(items: items, nanoseconds: runs[runs.count / 2])
    }
}

/// The blocks a throughput run sends.
enum PipelinedBlocks: Sendable {
    /// A fresh closure per item that captures the item's index: every send allocates the
    /// closure's context, which the consumer frees on its own thread, as most real work does.
    case capturingItem

    /// The same block for every item, capturing nothing: a send allocates nothing and counts
    /// no reference, so what is measured is the mechanism alone.
    case captureFree
}

/// One-way throughput from one producer, measured with both kinds of ``PipelinedBlocks``.
struct OneWayThroughput: Equatable, Sendable {
    /// With a fresh closure per item, capturing it.
    let capturingItem: Throughput

    /// With the same capture-free block for every item.
    let captureFree: Throughput

    /// Measures both, `items` blocks sent with `submit` per run, each the median of
    /// `repetitions` runs.
    static func measure(
        items: Int, repetitions: Int,
        submit: (consuming @escaping @Sendable () -> Void) -> Void
    ) -> OneWayThroughput {
        OneWayThroughput(
            capturingItem: Throughput.pipelined(
                items: items, repetitions: repetitions, blocks: .capturingItem, submit: submit),
            captureFree: Throughput.pipelined(
                items: items, repetitions: repetitions, blocks: .captureFree, submit: submit))
    }
}

/// What the blocks of ``Throughput/pipelined(items:repetitions:blocks:submit:)`` share: the
/// signal for the last item and, for capture-free blocks, the count of items handled. Every
/// row runs its blocks one at a time, each after the one before, so a plain load and store
/// count them.
private enum PipelinedItem {
    /// Items handled in the current run.
    static let handled = Atomic<Int>(0)

    /// Items the current run sends.
    static let expected = Atomic<Int>(0)

    /// Signalled when the last item of a run has been handled.
    static let lastRan = DispatchSemaphore(value: 0)

    /// Starts a run of `items` items.
    static func expect(_ items: Int) {
        handled.store(0, ordering: .relaxed)
        expected.store(items, ordering: .releasing)
    }

    /// Handles one capture-free item.
    static func handle() {
        let count = handled.load(ordering: .relaxed) + 1
        handled.store(count, ordering: .relaxed)
        if count == expected.load(ordering: .relaxed) { lastRan.signal() }
    }
}
