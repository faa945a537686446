import Synchronization

/// An atomic integer that lab threads share: `std::atomic<int>` with sequentially
/// consistent operations, every one visible.
///
/// Like ``LabCell``, each operation is a scheduling point and a `cell.<access>` trace
/// event under a ``Simulation``; under ``LiveRuntime`` it is a bare `Atomic`, with no lock
/// and no trace.
public final class LabAtomic: Sendable {
    /// The atomic's value type.
    public typealias Value = Int

    private let cell: VisibleCell
    private let value: Atomic<Value>

    /// An atomic named `name` holding `initial`, numbered in `runtime` (the caller's by
    /// default).
    public init(_ name: String, _ initial: Value, runtime: any Runtime = currentRuntime()) {
        cell = VisibleCell(named: name, runtime: runtime, atomic: true)
        value = Atomic(initial)
    }

    /// `"V3 lastTaskIdentifier"`: how traces and reports name the atomic.
    public var traceName: String { cell.traceName }

    /// The atomic's identity in ``VisibleOperation``s.
    public var object: LabObjectID { cell.object }

    /// How traces show a value.
    private static func text(of value: Value) -> String { String(value) }

    /// Reads the value.
    public func load(fileID: StaticString = #fileID, line: UInt = #line) -> Value {
        cell.load(fileID: fileID, line: line, describe: Self.text) { value.load(ordering: .sequentiallyConsistent) }
    }

    /// Replaces the value.
    public func store(_ newValue: Value, fileID: StaticString = #fileID, line: UInt = #line) {
        cell.store(newValue, fileID: fileID, line: line, describe: Self.text) { value.store(newValue, ordering: .sequentiallyConsistent) }
    }

    /// Replaces the value and returns the old one, as one step.
    public func exchange(_ newValue: Value, fileID: StaticString = #fileID, line: UInt = #line) -> Value {
        let visible = cell.begin(.readModifyWrite)
        let old = value.exchange(newValue, ordering: .sequentiallyConsistent)
        if visible { cell.traced(at: CodeLocation(fileID: fileID, line: line), .exchange, "\(newValue) (was \(old))") }
        return old
    }

    /// Replaces the value with `desired` if it is `expected`, as one step; returns whether
    /// it did and the value found.
    public func compareExchange(
        expected: Value, desired: Value, fileID: StaticString = #fileID, line: UInt = #line
    ) -> (exchanged: Bool, original: Value) {
        let visible = cell.begin(.readModifyWrite)
        let result = value.compareExchange(expected: expected, desired: desired, ordering: .sequentiallyConsistent)
        if visible {
            cell.traced(
                at: CodeLocation(fileID: fileID, line: line),
                result.exchanged ? .compareExchange : .compareExchangeFailed,
                result.exchanged
                    ? "\(desired) (was \(result.original))"
                    : "\(result.original) (expected \(expected))")
        }
        return result
    }

    /// Adds `delta` (wrapping on overflow) as one step, `fetch_add`; returns the new value.
    @discardableResult
    public func add(_ delta: Value, fileID: StaticString = #fileID, line: UInt = #line) -> Value {
        let visible = cell.begin(.readModifyWrite)
        let (old, new) = value.wrappingAdd(delta, ordering: .sequentiallyConsistent)
        if visible { cell.traced(at: CodeLocation(fileID: fileID, line: line), .update, "\(new) (was \(old))") }
        return new
    }
}
