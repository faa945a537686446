/// A short list of objects in the order added, each compared by identity (as CF compares
/// sources and loops, by pointer), whose first object is kept inline: a list of one, as
/// nearly every such list is, allocates nothing, and copying it retains one object.
struct IdentityList<Element: AnyObject> {
    private var head: Element?
    /// The objects after ``head``; nil until there is a second.
    private var tail: [Element]?

    /// An empty list.
    init() {}

    /// Whether the list holds nothing.
    var isEmpty: Bool { head == nil }

    /// Whether `object` itself is in the list.
    func contains(_ object: Element) -> Bool {
        head === object || tail?.index(ofIdentical: object) != nil
    }

    /// Adds `object` at the end.
    mutating func append(_ object: Element) {
        if head == nil {
            head = object
        } else if tail == nil {
            tail = [object]
        } else {
            tail?.append(object)
        }
    }

    /// Removes `object` itself; false if it was not in the list.
    mutating func removeIdentical(_ object: Element) -> Bool {
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

    /// The first object, in the order added, that satisfies `predicate`.
    func first(where predicate: (Element) -> Bool) -> Element? {
        guard let head else { return nil }
        if predicate(head) { return head }
        return tail?.first(where: predicate)
    }

    /// Calls `body` with every object, in the order added.
    func forEach(_ body: (Element) -> Void) {
        guard let head else { return }
        body(head)
        tail?.forEach(body)
    }
}

extension IdentityList: Sendable where Element: Sendable {}
