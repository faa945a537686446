/// A short list in the order added whose first element is kept inline: a list of one, as
/// nearly every such list is, allocates nothing, and copying it copies one element. The lab
/// keeps the loops a port source is in, a mode's port sources on one descriptor, an
/// in-memory stream's chunks and an operation's sent requests in such lists. Inlinable, so that
/// the modules that keep such lists get it specialized for their elements instead of
/// instantiating its generic metadata on every use.
package struct FirstInlineList<Element> {
    @usableFromInline var head: Element?
    /// The elements after ``head``; nil until there is a second.
    @usableFromInline var tail: [Element]?

    /// An empty list.
    @inlinable
    package init() {}

    /// Whether the list holds nothing.
    @inlinable
    package var isEmpty: Bool { head == nil }

    /// Whether the list holds more than one element.
    @inlinable
    package var hasMoreThanOne: Bool { tail != nil }

    /// The first element added, if any.
    @inlinable
    package var first: Element? { head }

    /// Adds `element` at the end.
    @inlinable
    package mutating func append(_ element: Element) {
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
    package func first(where predicate: (Element) -> Bool) -> Element? {
        guard let head else { return nil }
        if predicate(head) { return head }
        return tail?.first(where: predicate)
    }

    /// Every element, in the order added.
    @inlinable
    package var elements: [Element] {
        guard let head else { return [] }
        return [head] + (tail ?? [])
    }

    /// Calls `body` with every element, in the order added.
    @inlinable
    package func forEach(_ body: (Element) -> Void) {
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
