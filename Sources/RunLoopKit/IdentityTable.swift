/// A table from an object's identity to a value, hashed from the object's address with two
/// multiplications and a shift instead of the standard library's seeded SipHash: a lookup
/// costs a few dozen instructions, not a few hundred. It stands in for CF's pointer-keyed
/// `CFSet`/`CFDictionary` of a mode's items. Objects made one after another sit at a constant
/// stride; one multiplication (Fibonacci hashing) put some strides' objects in neighbouring
/// buckets, in runs a hundred long, which the shift and the second multiplication break up.
/// Public and inlinable, so that an operation queue in another module finds its operations
/// the same way, specialized.
///
/// Open addressing with linear probing over a power-of-two number of buckets, at most a
/// quarter full so that runs stay short; a removal shifts the entries after it back, so no
/// tombstones pile up. Addresses differ from run to run, so the table is only looked up, never
/// iterated: nothing about its layout can reach behaviour.
public struct IdentityTable<Value> {
    /// A bucket: an object's address, or zero when empty, and its value, nil when empty.
    @usableFromInline struct Entry {
        @usableFromInline var key: UInt
        @usableFromInline var value: Value?

        @inlinable init(key: UInt, value: Value?) {
            self.key = key
            self.value = value
        }
    }

    @usableFromInline var entries: [Entry]
    /// How many entries there are.
    public var count: Int { entryCount }
    @usableFromInline var entryCount: Int
    /// `64 - log2(buckets)`: the top bits of the product are the home bucket.
    @usableFromInline var shift: Int

    /// An empty table with room for `capacity` entries before it grows.
    @inlinable
    public init(capacity: Int = 8) {
        entryCount = 0
        var buckets = 16
        while buckets < capacity * 4 { buckets *= 2 }
        entries = Array(repeating: Entry(key: 0, value: nil), count: buckets)
        shift = UInt.bitWidth - buckets.trailingZeroBitCount
    }

    /// Makes room for `capacity` entries before the table grows.
    @inlinable
    public mutating func reserveCapacity(_ capacity: Int) {
        while capacity * 4 > entries.count { grow() }
    }

    /// Removes every entry, keeping the buckets.
    @inlinable
    public mutating func removeAll() {
        for bucket in entries.indices where entries[bucket].key != 0 { entries[bucket] = Entry(key: 0, value: nil) }
        entryCount = 0
    }

    /// The value for `key`, if any.
    @inlinable
    public subscript(key: ObjectIdentifier) -> Value? {
        guard let bucket = bucket(of: UInt(bitPattern: key)) else { return nil }
        return entries[bucket].value
    }

    /// Sets the value for `key`, adding the entry if it is new.
    @inlinable
    public mutating func updateValue(_ value: Value, forKey key: ObjectIdentifier) {
        if let bucket = bucket(of: UInt(bitPattern: key)) {
            entries[bucket].value = value
        } else {
            _ = insert(value, forKey: key)
        }
    }

    /// Adds `value` for `key` unless the key has one already; false if it had.
    @inlinable
    public mutating func insert(_ value: Value, forKey key: ObjectIdentifier) -> Bool {
        if (count + 1) * 4 > entries.count { grow() }
        let raw = UInt(bitPattern: key)
        let mask = entries.count - 1
        var bucket = home(of: raw)
        while true {
            let found = entries[bucket].key
            if found == raw { return false }
            if found == 0 { break }
            bucket = (bucket + 1) & mask
        }
        entries[bucket] = Entry(key: raw, value: value)
        entryCount += 1
        return true
    }

    /// Calls `body` with the value for `key` in place and returns what it returns, or nil
    /// without calling it when the key has no value.
    @inlinable
    public mutating func modifyValue<Result>(forKey key: ObjectIdentifier, _ body: (inout Value) -> Result) -> Result? {
        guard let bucket = bucket(of: UInt(bitPattern: key)) else { return nil }
        return body(&entries[bucket].value!)
    }

    /// Takes out the entry for `key` and returns its value, or nil if there is none.
    @inlinable @discardableResult
    public mutating func removeValue(forKey key: ObjectIdentifier) -> Value? {
        guard let bucket = bucket(of: UInt(bitPattern: key)) else { return nil }
        let removed = entries[bucket].value
        empty(bucket)
        return removed
    }

    /// Removes the entry in `bucket`.
    @inlinable
    mutating func empty(_ bucket: Int) {
        var hole = bucket
        let mask = entries.count - 1
        // Move back every entry of the run after the hole that may live in it (its home is
        // not cyclically between the hole and itself), so that lookups never meet a gap.
        var next = (hole + 1) & mask
        while entries[next].key != 0 {
            if (next &- home(of: entries[next].key)) & mask >= (next &- hole) & mask {
                entries.swapAt(hole, next)
                hole = next
            }
            next = (next + 1) & mask
        }
        entries[hole] = Entry(key: 0, value: nil)
        entryCount -= 1
    }

    /// The bucket a key is looked for first.
    @inlinable @inline(__always)
    func home(of raw: UInt) -> Int {
        var mixed = raw &* 0x9E37_79B9_7F4A_7C15
        mixed ^= mixed >> 29
        return Int(truncatingIfNeeded: (mixed &* 0xBF58_476D_1CE4_E5B9) >> UInt(shift))
    }

    /// The bucket holding `raw`, or nil.
    @inlinable @inline(__always)
    func bucket(of raw: UInt) -> Int? {
        let mask = entries.count - 1
        var bucket = home(of: raw)
        while true {
            let found = entries[bucket].key
            if found == raw { return bucket }
            if found == 0 { return nil }
            bucket = (bucket + 1) & mask
        }
    }

    /// Doubles the buckets and puts every entry back.
    @inlinable
    mutating func grow() {
        let old = entries
        entries = Array(repeating: Entry(key: 0, value: nil), count: old.count * 2)
        shift -= 1
        let mask = entries.count - 1
        for entry in old where entry.key != 0 {
            var bucket = home(of: entry.key)
            while entries[bucket].key != 0 { bucket = (bucket + 1) & mask }
            entries[bucket] = entry
        }
    }
}

extension IdentityTable: Sendable where Value: Sendable {}

extension IdentityTable.Entry: Sendable where Value: Sendable {}
