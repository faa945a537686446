import LabRuntime

/// `data-race`: two accesses to the same `LabCell`, at least one a write, by different
/// threads, with neither happening before the other (FastTrack: Flanagan and Freund, PLDI
/// 2009).
///
/// Happens-before comes from every lab synchronisation in the trace (see
/// `HappensBefore`). Each cell keeps its last write as an epoch (thread, clock) and its
/// reads since then as an epoch while one thread reads it, as one epoch per reader once
/// several do; each access is compared with those in O(1) in the common case. A
/// `LabAtomic` never races: its accesses synchronise.
///
/// Each racy cell is reported once, at its first race: both accesses with thread, event
/// number and what they read or wrote. Cells exist only under simulation, so live runs
/// have nothing to check.
public struct DataRaceChecker: Checker {
    public let name = "data-race"
    public let summary = "two threads access a shared cell, one writing, unordered by any synchronisation"

    /// The checker.
    public init() {}

    public func check(_ run: SimulationResult) -> [Violation] {
        var order = HappensBefore()
        var cells: [String: CellHistory] = [:]
        var reported: Set<String> = []
        var violations: [Violation] = []
        var accessCounts: [Int] = []
        for event in run.trace {
            guard case let .cellAccess(cell, access, _, atomic) = event.kind else {
                order.observe(event)
                continue
            }
            while accessCounts.count <= event.thread { accessCounts.append(0) }
            let ordinal = accessCounts[event.thread]
            accessCounts[event.thread] += 1
            guard !atomic else {
                order.observe(event)
                continue
            }
            let clock = order.clock(of: event.thread)
            let current = Access(event: event, epoch: clock[event.thread], ordinal: ordinal)
            var history = cells[cell, default: CellHistory()]
            if !reported.contains(cell), let earlier = history.firstConflict(with: access, by: event.thread, knowing: clock) {
                reported.insert(cell)
                violations.append(violation(cell, earlier, current))
            }
            history.record(current, isWrite: access.isWrite)
            cells[cell] = history
        }
        return violations
    }

    private func violation(_ cell: String, _ earlier: Access, _ later: Access) -> Violation {
        Violation(
            checker: name, kind: .dataRace,
            summary: "data race on \(cell): \(Self.access(earlier.event)) and \(Self.access(later.event))",
            details: [
                "#\(earlier.event.sequence) \(earlier.event.unnumberedText)",
                "#\(later.event.sequence) \(later.event.unnumberedText)",
                "no lock, semaphore, port, perform or thread start/join orders them; at least one writes",
            ],
            race: RacingAccesses(cell: cell, first: earlier.racing, second: later.racing))
    }

    /// `"T2 AFNetworking store at #147"`.
    private static func access(_ event: TraceEvent) -> String {
        guard case let .cellAccess(_, access, _, _) = event.kind else { return "#\(event.sequence)" }
        return "T\(event.thread) \(event.threadName) \(access.rawValue) at #\(event.sequence)"
    }
}

extension ViolationKind {
    /// Two threads access a shared cell, one writing, with nothing ordering them.
    public static let dataRace = ViolationKind(rawValue: "data race")
}

/// One access of a cell: its event, the accessing thread's own clock entry then, and how
/// many cell accesses the thread made before it.
private struct Access {
    let event: TraceEvent
    let epoch: Int
    let ordinal: Int

    /// The access as a race report names it.
    var racing: RacingAccesses.Access { .init(thread: event.thread, ordinal: ordinal, sequence: event.sequence) }

    /// Whether this access happens before the moment whose clock is `clock`.
    func happensBefore(_ clock: VectorClock) -> Bool { epoch <= clock[event.thread] }
}

/// What the checker remembers of a cell: the last write, and the reads since it (one
/// epoch while a single thread reads, then one per reading thread).
private struct CellHistory {
    var lastWrite: Access?
    var reads: [Access] = []

    /// The earlier access that races with an access of kind `access` by `thread` at
    /// `clock`, if any: the last write, or (for a write) a read since it.
    func firstConflict(with access: CellAccess, by thread: LabThreadID, knowing clock: VectorClock) -> Access? {
        if let lastWrite, lastWrite.event.thread != thread, !lastWrite.happensBefore(clock) { return lastWrite }
        guard access.isWrite else { return nil }
        return reads.first { $0.event.thread != thread && !$0.happensBefore(clock) }
    }

    /// Remembers `access`: a write replaces the history, a read replaces its thread's.
    mutating func record(_ access: Access, isWrite: Bool) {
        if isWrite {
            lastWrite = access
            reads.removeAll(keepingCapacity: true)
        } else if let index = reads.firstIndex(where: { $0.event.thread == access.event.thread }) {
            reads[index] = access
        } else {
            reads.append(access)
        }
    }
}
