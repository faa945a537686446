/// A record per key, with the keys in the order they were first noted: what a checker keeps
/// per operation while it reads a trace, so that it reports operations in trace order.
///
/// A run has a few operations, so a key is found by comparing it with each noted key in
/// turn, which costs less than hashing it; past ``linearSearchLimit`` keys, a dictionary
/// of positions finds it instead. Keys and records share one list, which makes room for a
/// few at the first key, so that a run's ledger allocates once.
struct FirstSeenLedger<Key: Hashable, Record> {
    /// The keys noted so far, each with its record, in the order the keys were first noted.
    private(set) var entries: [(key: Key, record: Record)] = []
    /// The position of each key, once there are more than ``linearSearchLimit``.
    private var positions: [Key: Int] = [:]
    private let empty: Record
    /// How many keys are searched one by one.
    private static var linearSearchLimit: Int { 8 }
    /// How many entries the list makes room for at the first key.
    private static var initialCapacity: Int { 4 }

    /// A ledger with no keys, whose records start as `empty`.
    init(empty: Record) {
        self.empty = empty
    }

    /// Updates `key`'s record with `update`, starting it from the empty record the first
    /// time `key` is noted.
    mutating func note(_ key: Key, _ update: (inout Record) -> Void) {
        if let position = position(of: key) {
            update(&entries[position].record)
            return
        }
        if entries.isEmpty { entries.reserveCapacity(Self.initialCapacity) }
        entries.append((key, empty))
        update(&entries[entries.count - 1].record)
        if entries.count > Self.linearSearchLimit {
            if positions.isEmpty {
                for (position, noted) in entries.enumerated() { positions[noted.key] = position }
            } else {
                positions[key] = entries.count - 1
            }
        }
    }

    /// Where `key`'s record is, if it was noted.
    private func position(of key: Key) -> Int? {
        entries.count > Self.linearSearchLimit ? positions[key] : entries.firstIndex { $0.key == key }
    }
}
