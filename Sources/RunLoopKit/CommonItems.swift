/// The items added to ``RunLoopMode/common`` (CF's `_commonModeItems`), in the order they
/// were added, with a membership index so that adding an item, asking for one and removing
/// one that is absent do not compare it with every other (removing one that is present
/// still finds its place in the list). The index only answers "is it here"; nothing
/// iterates it.
struct CommonItems: Sendable {
    /// The items, in the order added.
    private(set) var items: [RunLoopItem] = []
    private var identities: Set<ObjectIdentifier> = []

    func contains(_ item: RunLoopItem) -> Bool {
        identities.contains(item.identity)
    }

    /// Adds `item`; false if it was already here.
    mutating func insert(_ item: RunLoopItem) -> Bool {
        guard identities.insert(item.identity).inserted else { return false }
        items.append(item)
        return true
    }

    /// Removes `item`; false if it was not here.
    @discardableResult
    mutating func remove(_ item: RunLoopItem) -> Bool {
        guard identities.remove(item.identity) != nil else { return false }
        let identity = item.identity
        if let index = items.firstIndex(where: { $0.identity == identity }) { items.remove(at: index) }
        return true
    }

    /// Forgets every item.
    mutating func removeAll() {
        items = []
        identities = []
    }
}
