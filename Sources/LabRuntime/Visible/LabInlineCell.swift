import Synchronization

/// A ``LabCell`` stored inline in the object that owns it, rather than as an object of its
/// own: the same visible steps (a scheduling point and a `cell.<access>` trace event under
/// a ``Simulation``, a value behind a lock held only for the copy under ``LiveRuntime``),
/// but an owner with several cells allocates once for all of them, and they share its
/// cache lines. Objective-C's `nonatomic` properties of one object are such cells.
///
/// It cannot be copied: keep it in a `let` of a class, whose accesses then reach the one
/// value.
public struct LabInlineCell<Value: Sendable>: ~Copyable, Sendable {
    @usableFromInline let cell: VisibleCell
    @usableFromInline let storage: Mutex<Value>
    @usableFromInline let describe: @Sendable (Value) -> String

    /// A cell named `"\(field) of \(owner)"` (`"state of op A"`) holding `initial`, numbered
    /// in `runtime` now, as ``LabCell/init(_:of:_:runtime:describe:)`` numbers it.
    /// `describe` says how traces show a value.
    @inlinable
    public init(
        _ field: StaticString, of owner: String, _ initial: Value, runtime: any Runtime,
        describe: @escaping @Sendable (Value) -> String
    ) {
        cell = VisibleCell(field: field, of: owner, runtime: runtime, atomic: false)
        storage = Mutex(initial)
        self.describe = describe
    }

    /// `"V3 state of op A"`: how traces and reports name the cell.
    public var traceName: String { cell.traceName }

    /// The cell's identity in ``VisibleOperation``s.
    public var object: LabObjectID { cell.object }

    /// Reads the value, as ``LabCell/load(fileID:line:)`` does.
    @inlinable
    public func load(fileID: StaticString = #fileID, line: UInt = #line) -> Value {
        cell.load(fileID: fileID, line: line, describe: describe) { storage.withLock { $0 } }
    }

    /// Replaces the value, as ``LabCell/store(_:fileID:line:)`` does.
    @inlinable
    public func store(_ newValue: Value, fileID: StaticString = #fileID, line: UInt = #line) {
        cell.store(newValue, fileID: fileID, line: line, describe: describe) { storage.withLock { $0 = newValue } }
    }
}

extension LabInlineCell where Value: CustomStringConvertible {
    /// A cell named `"\(field) of \(owner)"` holding `initial`, numbered in `runtime`, whose
    /// traces show a value as its `description`.
    @inlinable
    public init(_ field: StaticString, of owner: String, _ initial: Value, runtime: any Runtime) {
        self.init(field, of: owner, initial, runtime: runtime) { $0.description }
    }
}
