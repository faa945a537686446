/// Something an ``OrderedItems`` list tells apart by the identity of an object.
protocol IdentifiedByObject {
    /// The identity of the object that makes the element itself.
    var identity: ObjectIdentifier { get }
}

extension RunLoopItem: IdentifiedByObject {}

extension PortSource: IdentifiedByObject {
    var identity: ObjectIdentifier { ObjectIdentifier(self) }
}

/// A list of distinct elements in the order they were added, in which adding, finding and
/// removing one costs the same with 10 elements or 1,000: the common items (CF's
/// `_commonModeItems`) and a mode's port sources.
///
/// Up to ``indexedAbove`` elements, a look through the list answers and a removal closes the
/// gap, without hashing or allocating. Beyond that, an ``IdentityTable`` gives each element's
/// slot, and a removal leaves a hole instead of shifting the elements after it; the holes are
/// squeezed out, in order, once they outnumber the elements twice over, so that each removal
/// pays for moving at most one element. The table holds positions counted from the first slot
/// ever, so the holes at the front, which a list emptied oldest first leaves, are dropped
/// without touching it. Either way the elements keep the order they were added in, which is
/// the only order anything reads.
struct OrderedItems<Element: IdentifiedByObject> {
    /// An element and its identity, or a hole (neither) where one was removed while
    /// indexed. The identity sits beside the element so that looking through
    /// the slots neither copies nor retains an element.
    fileprivate struct Slot {
        var identity: ObjectIdentifier?
        var element: Element?
    }

    /// The elements in the order added, with the holes.
    private var slots: [Slot] = []
    /// How many elements there are: the slots less the holes.
    private(set) var count = 0
    /// Each element's position (its slot plus ``dropped``), once there have been more than
    /// ``indexedAbove`` elements.
    private var slotsByIdentity: IdentityTable<Int>?
    /// How many slots have been dropped from the front since the list was indexed.
    private var dropped = 0
    /// How many holes lead the slots.
    private var leadingHoles = 0
    /// How many elements the list holds before it indexes them.
    private static var indexedAbove: Int { 8 }
    /// The slots a list reserves when its first element comes.
    private static var firstRoom: Int { 4 }

    /// An empty list.
    init() {}

    /// Whether the list holds nothing.
    var isEmpty: Bool { count == 0 }

    /// The elements, in the order added.
    var elements: [Element] { slots.compactMap(\.element) }

    /// Whether the list holds `element` (an element with its identity).
    func contains(_ element: Element) -> Bool {
        let identity = element.identity
        if let slotsByIdentity { return slotsByIdentity[identity] != nil }
        return slots.contains { $0.identity == identity }
    }

    /// The first element, in the order added, that satisfies `predicate`.
    func first(where predicate: (Element) -> Bool) -> Element? {
        for slot in slots {
            if let element = slot.element, predicate(element) { return element }
        }
        return nil
    }

    /// Calls `body` with every element, in the order added.
    func forEach(_ body: (Element) -> Void) {
        for slot in slots {
            if let element = slot.element { body(element) }
        }
    }

    /// Adds `element` at the end; false if an element with its identity is already here.
    mutating func append(_ element: Element) -> Bool {
        let identity = element.identity
        if slotsByIdentity != nil {
            guard slotsByIdentity?.insert(dropped + slots.count, forKey: identity) == true else { return false }
        } else {
            guard !contains(element) else { return false }
        }
        // A first element gets room for a few, as most lists stay that short, rather than
        // growing one slot at a time.
        if slots.capacity == 0 { slots.reserveCapacity(Self.firstRoom) }
        slots.append(Slot(identity: identity, element: element))
        count += 1
        if slotsByIdentity == nil, count > Self.indexedAbove {
            var table = IdentityTable<Int>(capacity: count * 2)
            for (index, slot) in slots.enumerated() {
                if let identity = slot.identity { _ = table.insert(index, forKey: identity) }
            }
            slotsByIdentity = table
        }
        return true
    }

    /// Removes `element` (the element with its identity); false if it is not here.
    @discardableResult
    mutating func remove(_ element: Element) -> Bool {
        let identity = element.identity
        guard slotsByIdentity != nil else {
            guard let index = slots.firstIndex(where: { $0.identity == identity }) else { return false }
            slots.remove(at: index)
            count -= 1
            return true
        }
        guard let position = slotsByIdentity?.removeValue(forKey: identity) else { return false }
        slots[position - dropped] = Slot(identity: nil, element: nil)
        count -= 1
        while !slots.isEmpty, slots[slots.count - 1].identity == nil { slots.removeLast() }
        while leadingHoles < slots.count, slots[leadingHoles].identity == nil { leadingHoles += 1 }
        leadingHoles = min(leadingHoles, slots.count)
        if leadingHoles > max(count, Self.indexedAbove) {
            slots.removeFirst(leadingHoles)
            dropped += leadingHoles
            leadingHoles = 0
        } else if slots.count - count > 2 * max(count, Self.indexedAbove) {
            squeeze()
        }
        return true
    }

    /// Removes every element.
    mutating func removeAll() {
        slots = []
        count = 0
        slotsByIdentity = nil
        dropped = 0
        leadingHoles = 0
    }

    /// Squeezes out the holes, keeping the order, and records the positions of the elements
    /// moved.
    private mutating func squeeze() {
        var kept = 0
        for index in slots.indices {
            guard let identity = slots[index].identity else { continue }
            if index != kept {
                slots.swapAt(kept, index)
                slotsByIdentity?.updateValue(dropped + kept, forKey: identity)
            }
            kept += 1
        }
        slots.removeLast(slots.count - kept)
        leadingHoles = 0
    }
}

extension OrderedItems.Slot: Sendable where Element: Sendable {}

extension OrderedItems: Sendable where Element: Sendable {}
