import Synchronization

/// A value shared between lab threads and the test that started them, behind a `Mutex`: how a
/// simulated or live run hands what it saw back to a test's expectations.
public final class Shared<Value: Sendable>: Sendable {
    private let storage: Mutex<Value>

    /// A box holding `value`.
    public init(_ value: Value) { storage = Mutex(value) }

    /// The value now.
    public var value: Value { storage.withLock { $0 } }

    /// Changes the value under the lock.
    public func update(_ body: (inout Value) -> Void) { storage.withLock { body(&$0) } }

    /// Appends `element` to an array value.
    public func append<Element>(_ element: Element) where Value == [Element] { storage.withLock { $0.append(element) } }
}
