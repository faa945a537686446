import LabRuntime

/// One row of the demo's threads panel: a lab thread as the trace so far shows it.
struct ThreadPanelRow: Sendable, Equatable {
    /// What the thread is doing.
    enum Activity: Sendable, Equatable {
        /// Runnable: it made the latest event, or will go on when the scheduler picks it.
        case running
        /// Asleep in its run loop (`__CFRunLoopServiceMachPort`) until a port, a wake-up or
        /// `deadline`.
        case waiting(deadline: LabInstant?)
        /// Blocked on a lock another thread holds.
        case blocked(lock: String, holder: LabThreadID)
        /// Its body returned.
        case exited
    }

    /// The thread's id.
    let id: LabThreadID
    /// The thread's name.
    let name: String
    /// The modes of its run loop's activations, outermost first; empty outside a loop.
    var modes: [String] = []
    /// What it is doing.
    var activity = Activity.running
    /// A lock the thread holds, with its recursion depth.
    struct HeldLock: Sendable, Equatable {
        /// The lock's id, e.g. `L2`.
        let name: String
        /// How many times the thread has taken it.
        var depth: Int
    }

    /// The locks it holds, in the order it took them.
    var locks: [HeldLock] = []
    /// Blocks queued on its loop (perform-block, perform-on-thread) that have not run yet.
    var performs: [String] = []
    /// Sources and ports signalled for its loop and not yet handled.
    var sources: [String] = []
    /// Timers that have fired on its loop, in first-fire order.
    var timers: [String] = []

    /// `T2 AFNetworking`.
    var label: String { "T\(id) \(name)" }

    /// The innermost mode, shortened (`default` for `kCFRunLoopDefaultMode`), or `-`.
    var modeText: String { modes.last.map(Self.shortMode) ?? "-" }

    /// `running`, `waiting until 60.000000`, `blocked on L2 … (T0)`, `exited`.
    var activityText: String {
        switch activity {
        case .running: "running"
        case let .waiting(deadline): "waiting" + (deadline.map { " until \($0)" } ?? "")
        case let .blocked(lock, holder): "blocked on \(lock) (held by T\(holder))"
        case .exited: "exited"
        }
    }

    /// The held locks, e.g. `L2×2`, or `-`.
    var locksText: String {
        locks.isEmpty ? "-" : locks.map { $0.depth > 1 ? "\($0.name)×\($0.depth)" : $0.name }.joined(separator: " ")
    }

    /// How many entries of each pending list the row names before it only counts the rest.
    static let listedLimit = 3

    /// What is queued for its loop: performs, signalled sources, timers it serves (each list
    /// its first ``listedLimit`` entries and how many more); or `-`.
    var pendingText: String {
        var parts: [String] = []
        if !performs.isEmpty { parts.append("perform: " + Self.listed(performs, separator: "; ")) }
        if !sources.isEmpty { parts.append("source: " + Self.listed(sources, separator: "; ")) }
        if !timers.isEmpty { parts.append("timers: " + Self.listed(timers, separator: ", ")) }
        return parts.isEmpty ? "-" : parts.joined(separator: " | ")
    }

    /// `items` joined by `separator`, or, past ``listedLimit`` of them, the first ones and
    /// `(+N more)`, so a loop with thousands of timers still makes a short row.
    static func listed(_ items: [String], separator: String) -> String {
        let shown = items.prefix(listedLimit).joined(separator: separator)
        return items.count > listedLimit ? shown + "\(separator)… (\(items.count) in all)" : shown
    }

    /// The column headings, aligned with ``text``.
    static let heading =
        "\("thread".padded(to: 22)) \("mode".padded(to: 9)) \("state".padded(to: 24)) \("locks".padded(to: 8)) pending"

    /// The row as one line of text, without the marker of the current thread.
    var text: String {
        "\(Self.fitted(label, to: 22)) \(modeText.padded(to: 9)) \(activityText.padded(to: 24)) \(locksText.padded(to: 8)) \(pendingText)"
    }

    /// `label` padded to `width`, or, when longer, its thread number, `…` and as much of the
    /// end of the name as fits: `T3 …manager delegate queue #2`.
    static func fitted(_ label: String, to width: Int) -> String {
        guard label.count > width else { return label.padded(to: width) }
        let number = String(label.prefix { $0 != " " }) + " …"
        return number + String(label.suffix(max(width - number.count, 0)))
    }

    /// `default`, `common` and `tracking` for CF's and UIKit's mode names; others as they are.
    static func shortMode(_ mode: String) -> String {
        switch mode {
        case "kCFRunLoopDefaultMode": "default"
        case "kCFRunLoopCommonModes": "common"
        case "UITrackingRunLoopMode": "tracking"
        default: mode
        }
    }
}
