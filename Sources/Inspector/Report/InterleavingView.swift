import LabRuntime

/// A compact view of one run's interleaving: one column per thread, one row per event,
/// so the order in which threads did things can be read across.
///
/// Scheduling decisions that kept the running thread are left out; a switch shows as
/// `⇢ T2` in the column of the thread that gave up the processor (`⇢ T2 (preempt)` when it
/// could have gone on). Cells are cut to the column width.
public struct InterleavingView: Sendable {
    /// The width of each thread's column, in characters.
    public var columnWidth = 30

    /// A view with the default width.
    public init() {}

    /// A view with columns `columnWidth` characters wide.
    public init(columnWidth: Int) { self.columnWidth = columnWidth }

    /// The lines of the view of `trace`: a header, then one row per shown event.
    public func render(_ trace: [TraceEvent]) -> [String] {
        let threads = TraceThreads(trace)
        let numberWidth = max(4, String(trace.last?.sequence ?? 0).count + 2)
        var lines = ["#".padding(numberWidth) + threads.all.map { cut("T\($0.id) \($0.name)").padding(columnWidth) }.joined()]
        lines.append(
            String(repeating: "-", count: numberWidth - 1) + " "
                + threads.all.map { _ in String(repeating: "-", count: columnWidth - 1) + " " }.joined())
        for event in trace {
            guard let text = Self.cell(event), let column = threads.index(of: event.thread) else { continue }
            lines.append("#\(event.sequence)".padding(numberWidth) + String(repeating: " ", count: column * columnWidth) + cut(text))
        }
        return lines.map { String($0.reversed().drop { $0 == " " }.reversed()) }
    }

    /// What an event shows in its thread's column, or `nil` to leave it out.
    static func cell(_ event: TraceEvent) -> String? {
        switch event.kind {
        case let .schedule(chosen, enabled, _, _):
            guard chosen != event.thread else { return nil }
            return "⇢ T\(chosen)" + (enabled.contains(event.thread) ? " (preempt)" : "")
        case .threadStart: return "start"
        case .threadExit: return "exit"
        case let .threadSpawn(child, _): return "spawn T\(child)"
        case let .cellAccess(cell, access, value, _): return "\(access.rawValue) \(cell) \(access.arrow) \(value)"
        case let .lockWait(lock, _, holder): return "wait \(lock) (T\(holder))"
        case let .lockAcquire(lock, _, depth): return "lock \(lock)" + (depth > 1 ? " ×\(depth)" : "")
        case let .lockRelease(lock, depth): return "unlock \(lock)" + (depth > 1 ? " ×\(depth)" : "")
        case let .semaphoreSignal(name): return "signal \(name)"
        case let .semaphoreWait(name): return "passed wait \(name)"
        case let .join(thread): return "joined T\(thread)"
        case let .yield(label): return "yield \(label)"
        case let .performEnqueued(label, target, _): return "perform \(label) → T\(target)"
        case let .performRun(label, _): return "run \(label)"
        case let .delegateCallback(connection, callback, delegate): return "C\(connection) \(callback) → \(delegate)"
        case let .connectionCreated(connection, _, delegate): return "create C\(connection) for \(delegate)"
        case let .operationState(operation, from, to, accepted): return "\(operation) \(from) → \(to)" + (accepted ? "" : " (rejected)")
        case let .operationCancelled(operation): return "cancel \(operation)"
        case let .completion(operation, block): return "\(block) of \(operation)"
        case let .notificationPosted(name, object): return "post \(name) (\(object))"
        case let .notificationDelivered(name, _, observer): return "\(name) → \(observer)"
        case let .note(text): return text
        default: return event.kind.detail.isEmpty ? event.kind.name : "\(event.kind.name) \(event.kind.detail)"
        }
    }

    private func cut(_ text: String) -> String {
        text.count < columnWidth ? text : String(text.prefix(columnWidth - 2)) + "…"
    }
}
