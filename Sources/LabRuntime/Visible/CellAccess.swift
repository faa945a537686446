/// How a thread accessed a ``LabCell`` or ``LabAtomic``: the `cell.<access>` event of the
/// trace.
public enum CellAccess: String, Sendable, Hashable, CaseIterable {
    /// Read the value.
    case load
    /// Replaced the value.
    case store
    /// Replaced the value and read the old one, as one step.
    case exchange
    /// A compare-exchange that found the expected value and replaced it.
    case compareExchange = "cas"
    /// A compare-exchange that found another value and only read it.
    case compareExchangeFailed = "cas-failed"
    /// Read, changed and wrote the value as one step (an atomic read-modify-write).
    case update

    /// Whether the access changed the cell: what a data race needs on at least one side.
    public var isWrite: Bool {
        switch self {
        case .load, .compareExchangeFailed: false
        case .store, .exchange, .compareExchange, .update: true
        }
    }

    /// `"→"` for an access that only read the value (`load`, `cas-failed`), `"←"` for one
    /// that wrote it: what a trace line puts between the cell and its
    /// ``TraceEvent/Kind/cellAccess(cell:access:value:atomic:)`` value.
    public var arrow: String { isWrite ? "←" : "→" }

    /// The operation this access is, for the scheduler (``VisibleOperation``).
    var operationKind: VisibleOperation.Kind {
        switch self {
        case .load: .load
        case .store: .store
        case .exchange, .compareExchange, .compareExchangeFailed, .update: .readModifyWrite
        }
    }
}
