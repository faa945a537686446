/// A set of lab thread ids as a bitmap: membership in constant time, and the members in
/// ascending order in time proportional to the members plus one word per 64 threads.
struct ThreadSet {
    private var words: [UInt64] = []

    /// Whether `thread` is in the set: never for a negative id, which is what a strategy
    /// that wants to end a run chooses.
    @inline(__always) func contains(_ thread: LabThreadID) -> Bool {
        let word = thread >> 6
        return word >= 0 && word < words.count && words[word] & (1 << UInt64(thread & 63)) != 0
    }

    /// Puts `thread` in or out of the set; returns whether that changed it.
    @inline(__always) mutating func update(_ thread: LabThreadID, isMember: Bool) -> Bool {
        let word = thread >> 6
        if word >= words.count {
            guard isMember else { return false }
            words += repeatElement(0, count: word + 1 - words.count)
        }
        let bit: UInt64 = 1 << UInt64(thread & 63)
        let old = words[word]
        let new = isMember ? old | bit : old & ~bit
        // Most looks change nothing: they then leave the array alone, with no uniqueness
        // check and no store.
        guard new != old else { return false }
        words[word] = new
        return true
    }

    /// Calls `body` with every member, ascending.
    func forEach(_ body: (LabThreadID) -> Void) {
        for (index, word) in words.enumerated() {
            var rest = word
            while rest != 0 {
                body(index << 6 | rest.trailingZeroBitCount)
                rest &= rest - 1
            }
        }
    }
}
