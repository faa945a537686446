/// The items added to ``RunLoopMode/common`` (CF's `_commonModeItems`), in the order they
/// were added, with a membership index once there are more than a few, so that adding an
/// item, asking for one and removing one that is absent do not compare it with every other
/// (removing one that is present still finds its place in the list). Until then a look
/// through the list answers, without hashing or allocating. The index only answers "is it
/// here"; nothing iterates it.
struct CommonItems: Sendable {
    /// The items, in the order added.
    private(set) var items: [RunLoopItem] = []
    /// The items' identities, once there are more than ``indexedAbove`` items.
    private var identities: Set<ObjectIdentifier>?
    /// How many items there are before they are indexed.
    private static let indexedAbove = 8

    func contains(_ item: RunLoopItem) -> Bool {
        let identity = item.identity
        if let identities { return identities.contains(identity) }
        return items.contains { $0.identity == identity }
    }

    /// Adds `item`; false if it was already here.
    mutating func insert(_ item: RunLoopItem) -> Bool {
        if identities != nil {
            guard identities?.insert(item.identity).inserted == true else { return false }
            items.append(item)
        } else {
            guard !contains(item) else { return false }
            items.append(item)
            if items.count > Self.indexedAbove { identities = Set(items.lazy.map(\.identity)) }
        }
        return true
    }

    /// Removes `item`; false if it was not here.
    @discardableResult
    mutating func remove(_ item: RunLoopItem) -> Bool {
        let identity = item.identity
        if identities != nil {
            guard identities?.remove(identity) != nil else { return false }
        }
        guard let index = items.firstIndex(where: { $0.identity == identity }) else { return false }
        items.remove(at: index)
        return true
    }

    /// Forgets every item.
    mutating func removeAll() {
        items = []
        identities = nil
    }
}
