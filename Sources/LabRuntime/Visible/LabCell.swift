import Synchronization

/// A variable that lab threads share without a common lock: every access is visible.
///
/// Under a ``Simulation`` each access is a scheduling point before it (so another thread
/// can run between any two accesses, and partial-order reduction sees a
/// ``VisibleOperation`` on the cell) and a `cell.load`/`cell.store`/… trace event naming
/// the cell, the thread, the value and the caller's line, which the data-race checker
/// reads. Under
/// ``LiveRuntime`` it is a plain value behind a `Mutex` held only for the copy in or out;
/// use ``LabAtomic`` for integers and flags, which needs no lock at all.
///
/// Each method is one atomic step; a read followed by a write is two steps, with a point
/// between them, which is exactly how an unsynchronised read-then-write races. Objective-C's
/// `nonatomic` properties read and written without a lock are such cells.
///
/// Its initialiser and accessors are inlinable, so that a module using a cell of its own
/// type specialises them: unspecialised, every live access would look up generic metadata.
/// For the same reason the value sits beside a lock of its own rather than in a
/// `Mutex<Value>`, so that releasing a cell destroys a plain `Value`.
public final class LabCell<Value: Sendable>: @unchecked Sendable { // `value` is only touched under `lock`
    @usableFromInline let cell: VisibleCell
    @usableFromInline let lock = Mutex(())
    /// Guarded by ``lock``, which is what makes exclusive access hold.
    @exclusivity(unchecked) @usableFromInline var value: Value
    @usableFromInline let describe: @Sendable (Value) -> String

    /// A cell named `name` holding `initial`, numbered in `runtime` (the caller's by
    /// default). `describe` says how traces show a value.
    @inlinable
    public init(
        _ name: String, _ initial: Value, runtime: any Runtime = currentRuntime(),
        describe: @escaping @Sendable (Value) -> String = { String(describing: $0) }
    ) {
        cell = VisibleCell(named: name, runtime: runtime, atomic: false)
        value = initial
        self.describe = describe
    }

    /// A cell named `"\(field) of \(owner)"` (`"state of op A"`) holding `initial`, numbered
    /// in `runtime`. Under ``LiveRuntime``, whose cells are never traced, the name is put
    /// together only when ``traceName`` is read, so that making many cells builds no text.
    /// `describe` says how traces show a value.
    @inlinable
    public init(
        _ field: StaticString, of owner: String, _ initial: Value, runtime: any Runtime = currentRuntime(),
        describe: @escaping @Sendable (Value) -> String = { String(describing: $0) }
    ) {
        cell = VisibleCell(field: field, of: owner, runtime: runtime, atomic: false)
        value = initial
        self.describe = describe
    }

    /// `"V3 state of op A"`: how traces and reports name the cell.
    public var traceName: String { cell.traceName }

    /// The cell's identity in ``VisibleOperation``s.
    public var object: LabObjectID { cell.object }

    /// Reads the value.
    @inlinable
    public func load(fileID: StaticString = #fileID, line: UInt = #line) -> Value {
        cell.load(fileID: fileID, line: line, describe: describe) { lock.withLock { _ in value } }
    }

    /// Replaces the value.
    @inlinable
    public func store(_ newValue: Value, fileID: StaticString = #fileID, line: UInt = #line) {
        cell.store(newValue, fileID: fileID, line: line, describe: describe) { lock.withLock { _ in value = newValue } }
    }

    /// Replaces the value and returns the old one, as one step.
    @inlinable
    public func exchange(_ newValue: Value, fileID: StaticString = #fileID, line: UInt = #line) -> Value {
        let visible = cell.begin(.readModifyWrite)
        let old = lock.withLock { _ in
            defer { value = newValue }
            return value
        }
        if visible {
            cell.traced(at: CodeLocation(fileID: fileID, line: line), .exchange, "\(describe(newValue)) (was \(describe(old)))")
        }
        return old
    }

    /// Reads, changes and writes the value as one step (an atomic read-modify-write), and
    /// returns what `body` returns. `body` must not touch other lab objects.
    @inlinable
    public func update<Result>(fileID: StaticString = #fileID, line: UInt = #line, _ body: (inout Value) -> Result) -> Result {
        guard cell.begin(.readModifyWrite) else { return lock.withLock { _ in body(&value) } }
        // Only a traced access copies the new value out, to describe it.
        let (result, newValue) = lock.withLock { _ in (body(&value), value) }
        cell.traced(at: CodeLocation(fileID: fileID, line: line), .update, describe(newValue))
        return result
    }
}

extension LabCell where Value: CustomStringConvertible {
    /// A cell named `name` holding `initial`, numbered in `runtime` (the caller's by
    /// default), whose traces show a value as its `description`, as
    /// `String(describing:)` does, without looking up the conformance at every access.
    @inlinable
    public convenience init(_ name: String, _ initial: Value, runtime: any Runtime = currentRuntime()) {
        self.init(name, initial, runtime: runtime) { $0.description }
    }

    /// A cell named `"\(field) of \(owner)"` holding `initial`, numbered in `runtime`, whose
    /// traces show a value as its `description`.
    @inlinable
    public convenience init(_ field: StaticString, of owner: String, _ initial: Value, runtime: any Runtime = currentRuntime()) {
        self.init(field, of: owner, initial, runtime: runtime) { $0.description }
    }
}

extension LabCell where Value: Equatable {
    /// Replaces the value with `desired` if it is `expected`, as one step; returns whether
    /// it did and the value found.
    @inlinable
    public func compareExchange(
        expected: Value, desired: Value, fileID: StaticString = #fileID, line: UInt = #line
    ) -> (exchanged: Bool, original: Value) {
        let visible = cell.begin(.readModifyWrite)
        let original = lock.withLock { _ in
            defer { if value == expected { value = desired } }
            return value
        }
        let exchanged = original == expected
        if visible {
            cell.traced(
                at: CodeLocation(fileID: fileID, line: line),
                exchanged ? .compareExchange : .compareExchangeFailed,
                exchanged
                    ? "\(describe(desired)) (was \(describe(original)))"
                    : "\(describe(original)) (expected \(describe(expected)))")
        }
        return (exchanged, original)
    }
}
