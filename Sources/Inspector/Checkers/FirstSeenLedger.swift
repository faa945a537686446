/// A record per key, with the keys in the order they were first noted: what a checker keeps
/// per operation while it reads a trace, so that it reports operations in trace order.
struct FirstSeenLedger<Key: Hashable, Record> {
    /// The keys noted so far, in the order they were first noted.
    private(set) var keys: [Key] = []
    private var records: [Key: Record]
    private let empty: Record

    /// A ledger with no keys, whose records start as `empty`, with room for a few keys
    /// (a run's operations), so that noting them does not grow the dictionary key by key.
    init(empty: Record) {
        self.empty = empty
        records = Dictionary(minimumCapacity: 4)
    }

    /// Updates `key`'s record with `update`, starting it from the empty record the first
    /// time `key` is noted.
    mutating func note(_ key: Key, _ update: (inout Record) -> Void) {
        // One lookup: a key is new when updating it made the dictionary grow.
        let count = records.count
        let empty = empty
        update(&records[key, default: empty])
        if records.count != count { keys.append(key) }
    }

    /// `key`'s record: the empty record if `key` was never noted.
    subscript(key: Key) -> Record {
        records[key] ?? empty
    }
}
