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
    // Laid out widest first, so that a cell fits in 64 bytes: an object with many cells
    // (an operation's) stays small.
    private let runtime: any Runtime
    /// In a traced simulation, whose every visible access names the cell, the whole trace
    /// name, built at once (``hasWholeName``); otherwise (live, or a run without a trace,
    /// whose accesses name nothing) the whole name or the owner of ``field``, put together
    /// only when ``traceName`` is read.
    private let name: String
    /// The cell's number among the runtime's ``LabObjectKind/cell`` objects.
    private let id: Int
    /// The field part of a live cell's name given as a field of an owner (`state` of `op A`).
    private let field: StaticString?
    @usableFromInline let isSimulated: Bool
    private let isAtomic: Bool
    /// Whether ``name`` is the whole trace name.
    private let hasWholeName: Bool

    /// A cell named `name` in `runtime`; `atomic` for a ``LabAtomic``.
    @usableFromInline
    init(named name: String, runtime: any Runtime, atomic: Bool) {
        self.init(field: nil, of: name, runtime: runtime, atomic: atomic)
    }

    /// A cell named `"\(field) of \(owner)"` in `runtime` (`field` nil: named `owner`);
    /// `atomic` for a ``LabAtomic``.
    @usableFromInline
    init(field: StaticString?, of owner: String, runtime: any Runtime, atomic: Bool) {
        id = runtime.nextID(.cell)
        self.runtime = runtime
        isSimulated = runtime.flavor == .simulated
        isAtomic = atomic
        hasWholeName = isSimulated && runtime.trace.isEnabled
        name = hasWholeName ? String(traceNameOf: "V", id, field: field, owner) : owner
        self.field = hasWholeName ? nil : field
    }

    /// The cell's identity for the scheduler.
    var object: LabObjectID { LabObjectID(.cell, id) }

    /// `"V3 state of op A"`: how traces and reports name the cell.
    var traceName: String { hasWholeName ? name : String(traceNameOf: "V", id, field: field, name) }

    /// The scheduling point before an access of `kind`; whether the access is visible (and
    /// so must be traced with ``traced(_:_:)``). Inlinable, so that a live cell's access,
    /// never visible, costs its callers one test and no call.
    @inlinable
    func begin(_ kind: VisibleOperation.Kind) -> Bool {
        isSimulated && beginInSimulation(kind)
    }

    /// ``begin(_:)`` under a simulation.
    @usableFromInline
    func beginInSimulation(_ kind: VisibleOperation.Kind) -> Bool {
        // Visible from a thread of the cell's runtime that is not inspecting.
        guard CurrentThreadSlot.withCurrent({ $0.runtime === runtime && !$0.isInspecting }) else { return false }
        runtime.schedulingPoint(before: VisibleOperation(kind, on: object), SchedulingPointLabel(kind.rawValue, on: traceName))
        return true
    }

    /// A load, as every cell makes it: the scheduling point before it, `read()`, then, when
    /// the access is visible, its `cell.load` event made at `fileID`:`line`, whose value
    /// `describe` shows.
    @inlinable
    func load<Value>(fileID: StaticString, line: UInt, describe: (Value) -> String, _ read: () -> Value) -> Value {
        let visible = begin(.load)
        let current = read()
        if visible { traced(at: CodeLocation(fileID: fileID, line: line), .load, describe(current)) }
        return current
    }

    /// A store of `newValue` by `write()`, as every cell makes it, in the same way as
    /// ``load(fileID:line:describe:_:)``.
    @inlinable
    func store<Value>(_ newValue: Value, fileID: StaticString, line: UInt, describe: (Value) -> String, _ write: () -> Void) {
        let visible = begin(.store)
        write()
        if visible { traced(at: CodeLocation(fileID: fileID, line: line), .store, describe(newValue)) }
    }

    /// Records a visible access made at `location`; `value` is only described when the
    /// trace is on.
    @usableFromInline
    func traced(at location: CodeLocation, _ access: CellAccess, _ value: @autoclosure () -> String) {
        runtime.record(.cellAccess(cell: traceName, access: access, value: value(), atomic: isAtomic), at: location)
    }
}
