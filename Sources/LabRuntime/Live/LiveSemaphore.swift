import CSystem

/// A counting semaphore on a futex: `dispatch_semaphore_t`'s behaviour with the kernel
/// entered only to sleep or to wake a sleeper. No spinning: a waiter that finds the count at
/// zero sleeps at once.
final class LiveSemaphore: LabSemaphore, @unchecked Sendable {
    // @unchecked: `words` is touched only through the C target's atomics and futex calls.
    let id: Int
    let name: String
    private unowned let runtime: LiveRuntime
    /// `words[0]`: the count, the futex word; `words[1]`: the threads about to sleep or asleep.
    private let words: UnsafeMutablePointer<UInt32> = .allocate(capacity: 2)

    init(id: Int, name: String, value: Int, runtime: LiveRuntime) {
        self.id = id
        self.name = name
        self.runtime = runtime
        words.initialize(to: UInt32(value))
        (words + 1).initialize(to: 0)
    }

    deinit { words.deallocate() }

    func signal(at location: CodeLocation) {
        runtime.record(.semaphoreSignal(name: name), at: location)
        _ = csystem_atomic_add_u32(words, 1)
        if csystem_atomic_load_u32(words + 1) > 0 { _ = csystem_futex_wake(words, 1) }
    }

    func wait(at location: CodeLocation) {
        while true {
            let count = csystem_atomic_load_u32(words)
            if count > 0 {
                if csystem_atomic_cas_u32(words, count, count - 1) != 0 { break }
                continue
            }
            // Counted as a sleeper before the futex re-checks the count, so a signal in
            // between either sees the sleeper and wakes it, or changes the count first.
            LabThread.ringCallersHeldWakeUps()
            _ = csystem_atomic_add_u32(words + 1, 1)
            _ = csystem_futex_wait(words, 0)
            _ = csystem_atomic_add_u32(words + 1, UInt32.max)
        }
        runtime.record(.semaphoreWait(name: name), at: location)
    }
}
