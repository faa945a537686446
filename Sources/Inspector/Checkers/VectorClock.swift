import LabRuntime

/// A vector clock over lab threads: entry `t` is the last step of thread `t` known to
/// happen before. Threads are numbered densely from 0, so an array serves.
struct VectorClock: Sendable {
    private(set) var entries: [Int] = []

    /// The entry of `thread` (0 when unknown).
    subscript(thread: LabThreadID) -> Int {
        thread < entries.count ? entries[thread] : 0
    }

    /// Raises every entry to at least `other`'s: learning what `other` knew (an acquire).
    mutating func join(_ other: VectorClock) {
        if entries.count < other.entries.count {
            entries += repeatElement(0, count: other.entries.count - entries.count)
        }
        for (thread, value) in other.entries.enumerated() where value > entries[thread] {
            entries[thread] = value
        }
    }

    /// Advances `thread`'s own entry: a new epoch after a release.
    mutating func tick(_ thread: LabThreadID) {
        if entries.count <= thread { entries += repeatElement(0, count: thread + 1 - entries.count) }
        entries[thread] += 1
    }
}
