import Synchronization

/// A value shared between lab threads and the test, behind a `Mutex`.
final class Shared<Value: Sendable>: Sendable {
    private let storage: Mutex<Value>
    init(_ value: Value) { storage = Mutex(value) }
    var value: Value { storage.withLock { $0 } }
    func update(_ body: (inout Value) -> Void) { storage.withLock { body(&$0) } }
    func append<Element>(_ element: Element) where Value == [Element] { storage.withLock { $0.append(element) } }
}
