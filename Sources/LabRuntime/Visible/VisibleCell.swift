/// What ``LabCell`` and ``LabAtomic`` share: the cell's identity and the scheduling point
/// and trace event around each access.
///
/// Under a ``Simulation``, an access from one of its lab threads is a scheduling point
/// before the access (a ``VisibleOperation`` on the cell) and a `cell.<access>` event
/// after it. An access from a thread of another runtime (a test reading the final state
/// after the run), from inside ``LabThread/inspecting(_:)``, and every access under
/// ``LiveRuntime`` is plain memory.
@usableFromInline
struct VisibleCell: Sendable {
    /// The cell's identity for the scheduler.
    let object: LabObjectID
    /// `"V3 state of op A"`: how traces and reports name the cell.
    let traceName: String
    private let runtime: any Runtime
    private let isSimulated: Bool
    private let isAtomic: Bool

    /// A cell named `name` in `runtime`; `atomic` for a ``LabAtomic``.
    @usableFromInline
    init(named name: String, runtime: any Runtime, atomic: Bool) {
        let id = runtime.nextID(.cell)
        object = LabObjectID(.cell, id)
        traceName = String(traceNameOf: "V", id, name)
        self.runtime = runtime
        isSimulated = runtime.flavor == .simulated
        isAtomic = atomic
    }

    /// The scheduling point before an access of `kind`; whether the access is visible (and
    /// so must be traced with ``traced(_:_:)``).
    @usableFromInline
    func begin(_ kind: VisibleOperation.Kind) -> Bool {
        // Visible from a thread of the cell's runtime that is not inspecting.
        guard isSimulated, CurrentThreadSlot.withCurrent({ $0.runtime === runtime && !$0.isInspecting }) else { return false }
        runtime.schedulingPoint(before: VisibleOperation(kind, on: object), SchedulingPointLabel(kind.rawValue, on: traceName))
        return true
    }

    /// Records a visible access made at `location`; `value` is only described when the
    /// trace is on.
    @usableFromInline
    func traced(at location: CodeLocation, _ access: CellAccess, _ value: @autoclosure () -> String) {
        runtime.record(.cellAccess(cell: traceName, access: access, value: value(), atomic: isAtomic), at: location)
    }
}
