import LabRuntime

/// `lock-order`: lockdep for the lab. Builds the `LockOrderGraph` of lock classes from the
/// run's trace and reports every cycle as a potential inversion, even when the run did not
/// deadlock: one violation per cycle, with a column scenario (one column per CPU) showing
/// how it deadlocks and where each edge was first seen. The explorer then searches for a
/// schedule that really deadlocks.
public struct LockOrderChecker: Checker {
    public let name = "lock-order"
    public let summary = "lock classes taken in inconsistent orders (lockdep), even without a deadlock"

    /// The checker.
    public init() {}

    public func check(_ run: SimulationResult) -> [Violation] {
        LockOrderGraph(of: run).cycles.map { cycle in
            let classes = cycle.map(\.from)
            let summary =
                cycle.count == 1
                ? "possible recursive locking: two locks of class \(classes[0]) nested"
                : "possible lock order inversion: " + (classes + [classes[0]]).joined(separator: " → ")
            return Violation(
                checker: name, kind: .lockOrderInversion, summary: summary,
                details: Self.scenario(cycle) + [""] + cycle.map(\.explanation))
        }
    }

    /// lockdep's "possible unsafe locking scenario": CPU `i` holds the class of edge `i` and
    /// asks for the next one, so every CPU waits for the next.
    static func scenario(_ cycle: [LockOrderGraph.Edge]) -> [String] {
        let cpus = max(cycle.count, 2)
        let width = max(24, (cycle.map { $0.from.count + $0.to.count }.max() ?? 0) / 2 + 10)
        func row(_ cpu: Int, _ text: String) -> String {
            "  " + String(repeating: " ", count: cpu * width) + text
        }
        func cell(_ text: String) -> String { text.padding(width) }
        var lines = ["Possible unsafe locking scenario:", ""]
        lines.append("  " + (0..<cpus).map { cell("CPU\($0)") }.joined())
        lines.append("  " + (0..<cpus).map { _ in cell("----") }.joined())
        let holds = cycle.count == 1 ? [cycle[0].heldLock, cycle[0].lock] : cycle.map(\.from)
        let asks = cycle.count == 1 ? [cycle[0].lock, cycle[0].heldLock] : cycle.map(\.to)
        for cpu in 0..<cpus { lines.append(row(cpu, "lock(\(holds[cpu]));")) }
        for cpu in 0..<cpus { lines.append(row(cpu, "lock(\(asks[cpu]));")) }
        lines.append("")
        lines.append(" *** DEADLOCK ***")
        return lines.map { String($0.reversed().drop { $0 == " " }.reversed()) }
    }
}

extension String {
    /// The string padded with spaces to `width` characters (never cut).
    func padding(_ width: Int) -> String {
        count >= width ? self + " " : self + String(repeating: " ", count: width - count)
    }
}
