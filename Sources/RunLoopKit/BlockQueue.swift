/// A FIFO of queued blocks in one buffer of slots (CF keeps a loop's blocks in the list
/// `_blocks_head`/`_blocks_tail`): queueing moves a block into the next slot, and the loop
/// moves each block out once to run it, so a block's closure is neither copied nor retained
/// on the way, and is released once, after it has run. Not copyable: the buffer has one
/// owner at a time, and the inbox hands it to the loop whole.
///
/// `@unchecked Sendable`: the slots belong to the one owner of the non-copyable value, either
/// the inbox, read and written only under its lock, or the loop thread that took it out.
struct BlockQueue: ~Copyable, @unchecked Sendable {
    /// The slots; the first `count` hold blocks. `nil` until the first block is queued.
    private var slots: UnsafeMutablePointer<QueuedBlock>?
    /// How many blocks are queued.
    private(set) var count = 0
    /// How many slots `slots` has.
    private(set) var capacity = 0

    init() {}

    deinit {
        guard let slots else { return }
        slots.deinitialize(count: count)
        slots.deallocate()
    }

    var isEmpty: Bool { count == 0 }

    /// Queues `block` behind the others.
    mutating func append(_ block: consuming QueuedBlock) {
        if count == capacity { grow() }
        // Non-nil: `grow()` allocated the slots if there were none.
        (slots.unsafelyUnwrapped + count).initialize(to: block)
        count += 1
    }

    /// Doubles the slots (16 to begin with), moving the queued blocks over.
    private mutating func grow() {
        let grown = UnsafeMutablePointer<QueuedBlock>.allocate(capacity: max(16, capacity * 2))
        if let slots {
            grown.moveInitialize(from: slots, count: count)
            slots.deallocate()
        }
        slots = grown
        capacity = max(16, capacity * 2)
    }

    /// Whether some queued block satisfies `predicate`.
    func contains(where predicate: (borrowing QueuedBlock) -> Bool) -> Bool {
        guard let slots else { return false }
        for index in 0..<count where predicate(slots[index]) { return true }
        return false
    }

    /// Moves the blocks out in FIFO order, handing each to `body`, and leaves the queue empty
    /// with its slots kept for the next blocks.
    mutating func removeAll(_ body: (consuming QueuedBlock) -> Void) {
        guard let slots else { return }
        let queued = count
        count = 0
        for index in 0..<queued { body((slots + index).move()) }
    }

    /// Moves the blocks `predicate` accepts out into a queue of their own, in FIFO order; the
    /// others stay, in their order.
    mutating func remove(where predicate: (borrowing QueuedBlock) -> Bool) -> BlockQueue {
        var taken = BlockQueue()
        var kept = BlockQueue()
        removeAll { block in
            if predicate(block) { taken.append(block) } else { kept.append(block) }
        }
        self = kept
        return taken
    }

    /// Moves `front`'s blocks in ahead of the queued ones, in their order.
    mutating func prepend(_ front: consuming BlockQueue) {
        var joined = front
        removeAll { joined.append($0) }
        self = joined
    }
}
