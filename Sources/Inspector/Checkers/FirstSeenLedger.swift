/// A record per key, with the keys in the order they were first noted: what a checker keeps
/// per operation while it reads a trace, so that it reports operations in trace order.
///
/// A run has a few operations, so a key is found by comparing it with each noted key in
/// turn, which costs less than hashing it; past ``linearSearchLimit`` keys, a dictionary
/// of positions finds it instead.
struct FirstSeenLedger<Key: Hashable, Record> {
    /// The keys noted so far, in the order they were first noted.
    private(set) var keys: [Key] = []
    /// The record of each key of ``keys``, at the same position.
    private var records: [Record] = []
    /// The position of each key, once there are more than ``linearSearchLimit``.
    private var positions: [Key: Int] = [:]
    private let empty: Record
    /// How many keys are searched one by one.
    private static var linearSearchLimit: Int { 8 }

    /// A ledger with no keys, whose records start as `empty`.
    init(empty: Record) {
        self.empty = empty
    }

    /// Updates `key`'s record with `update`, starting it from the empty record the first
    /// time `key` is noted.
    mutating func note(_ key: Key, _ update: (inout Record) -> Void) {
        if let position = position(of: key) {
            update(&records[position])
            return
        }
        keys.append(key)
        records.append(empty)
        update(&records[records.count - 1])
        if keys.count > Self.linearSearchLimit {
            if positions.isEmpty {
                for (position, noted) in keys.enumerated() { positions[noted] = position }
            } else {
                positions[key] = keys.count - 1
            }
        }
    }

    /// `key`'s record: the empty record if `key` was never noted.
    subscript(key: Key) -> Record {
        position(of: key).map { records[$0] } ?? empty
    }

    /// Where `key`'s record is, if it was noted.
    private func position(of key: Key) -> Int? {
        keys.count > Self.linearSearchLimit ? positions[key] : keys.firstIndex(of: key)
    }
}
