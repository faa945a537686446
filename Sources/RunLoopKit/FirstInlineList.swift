/// A short list in the order added whose first element is kept inline: a list of one, as
/// nearly every such list is, allocates nothing, and copying it copies one element. The lab
/// keeps the loops a port source is in, a mode's port sources on one descriptor, an
/// in-memory stream's chunks, an operation's sent requests and a loop's nested runs (the
/// innermost last) in such lists. Inlinable, so that
/// the modules that keep such lists get it specialized for their elements instead of
/// instantiating its generic metadata on every use; public rather than `package`, since the
/// toolchain does not hand a `package` type's inlinable bodies to other modules, which then
/// called its generic entry points.
public struct FirstInlineList<Element> {
    @usableFromInline var head: Element?
    /// The elements after ``head``; nil until there is a second.
    @usableFromInline var tail: [Element]?

    /// An empty list.
    @inlinable
    public init() {}

    /// Whether the list holds nothing.
    @inlinable
    public var isEmpty: Bool { head == nil }

    /// Whether the list holds more than one element.
    @inlinable
    public var hasMoreThanOne: Bool { tail != nil }

    /// The first element added, if any.
    @inlinable
    public var first: Element? { head }

    /// The last element added, if any.
    @inlinable
    public var last: Element? { tail?.last ?? head }

    /// How many elements the list holds.
    @inlinable
    public var count: Int { head == nil ? 0 : 1 + (tail?.count ?? 0) }

    /// Calls `body` with the last element, changed in place, and returns what it returns;
    /// `nil`, without calling it, when the list is empty.
    @inlinable
    public mutating func updateLast<Result>(_ body: (inout Element) -> Result) -> Result? {
        if let last = tail?.indices.last { return body(&tail![last]) }
        guard head != nil else { return nil }
        return body(&head!)
    }

    /// Removes the last element, if any.
    @inlinable
    public mutating func removeLast() {
        guard var rest = tail else {
            head = nil
            return
        }
        tail = nil
        rest.removeLast()
        if !rest.isEmpty { tail = rest }
    }

    /// Adds `element` at the end.
    @inlinable
    public mutating func append(_ element: Element) {
        if head == nil {
            head = element
        } else if tail == nil {
            tail = [element]
        } else {
            tail?.append(element)
        }
    }

    /// The first element, in the order added, that satisfies `predicate`.
    @inlinable
    public func first(where predicate: (Element) -> Bool) -> Element? {
        guard let head else { return nil }
        if predicate(head) { return head }
        return tail?.first(where: predicate)
    }

    /// Every element, in the order added.
    @inlinable
    public var elements: [Element] {
        guard let head else { return [] }
        return [head] + (tail ?? [])
    }

    /// Calls `body` with every element, in the order added.
    @inlinable
    public func forEach(_ body: (Element) -> Void) {
        guard let head else { return }
        body(head)
        tail?.forEach(body)
    }
}

extension FirstInlineList where Element: AnyObject {
    /// Whether `object` itself is in the list (compared by identity, as CF compares sources
    /// and loops, by pointer).
    @inlinable
    package func contains(_ object: Element) -> Bool {
        head === object || tail?.index(ofIdentical: object) != nil
    }

    /// Removes `object` itself; false if it was not in the list.
    @inlinable
    package mutating func removeIdentical(_ object: Element) -> Bool {
        if head === object {
            head = nil
            guard var rest = tail else { return true }
            tail = nil
            head = rest.removeFirst()
            if !rest.isEmpty { tail = rest }
            return true
        }
        guard var rest = tail else { return false }
        tail = nil
        let removed = rest.removeIdentical(object)
        if !rest.isEmpty { tail = rest }
        return removed
    }
}

extension FirstInlineList: Sendable where Element: Sendable {}
