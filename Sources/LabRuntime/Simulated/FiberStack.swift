import CSystem
import Glibc
import Synchronization

/// A fiber's stack and saved registers (CSystem's `csystem_fiber`): a mapping of
/// ``usableSize`` bytes below a guard of ``guardSize`` inaccessible bytes, so that
/// running off the end faults instead of overwriting another mapping, and the fault is
/// reported as a stack overflow of the lab thread named on it (see ``FiberStackPool``).
struct FiberStack: @unchecked Sendable {
    // @unchecked: a stack is used by one simulation at a time; it moves between threads
    // only through the pool's mutex.

    /// Usable bytes per stack. Only the pages a thread touches take memory.
    static let usableSize = 1 << 20
    /// Inaccessible bytes below each stack: larger than any single frame of lab code, so
    /// that an overflow lands in it rather than jumping over it.
    static let guardSize = 64 << 10

    /// The C record: registers saved at a switch, the mapping, the name.
    let fiber: UnsafeMutablePointer<csystem_fiber>

    /// Maps a new stack; stops the process with the reason if the system refuses.
    static func map() -> FiberStack {
        let fiber = UnsafeMutablePointer<csystem_fiber>.allocate(capacity: 1)
        fiber.initialize(to: csystem_fiber())
        guard csystem_fiber_map_stack(fiber, usableSize, guardSize) == 0 else {
            fatalError(
                "cannot map a \(usableSize >> 10) KiB stack for a simulated lab thread: \(String(cString: strerror(csystem_errno())))")
        }
        return FiberStack(fiber: fiber)
    }

    /// Unmaps the stack and frees the record.
    func unmap() {
        csystem_fiber_unmap_stack(fiber)
        fiber.deinitialize(count: 1)
        fiber.deallocate()
    }

    /// Makes the next switch to this stack call `entry(argument)` from its top, and names
    /// it for the stack-overflow report after the lab thread `id` called `name`, as
    /// ``LabThread/description`` does (`"T3 AFNetworking"`), cut to fit. The name is written
    /// straight into the record, so that starting a thread builds no string.
    func prepare(
        thread id: LabThreadID, named name: String, entry: @convention(c) (UnsafeMutableRawPointer?) -> Void,
        argument: UnsafeMutableRawPointer
    ) {
        var name = name
        withUnsafeMutableBytes(of: &fiber.pointee.name) { buffer in
            let end = buffer.count - 1
            var next = 0
            // Copies as much of `bytes` as fits, leaving room for the terminating zero.
            func put(_ bytes: UnsafeBufferPointer<UInt8>) {
                let count = min(bytes.count, end - next)
                guard count > 0 else { return }
                (buffer.baseAddress! + next).copyMemory(from: bytes.baseAddress!, byteCount: count)
                next += count
            }
            buffer[0] = UInt8(ascii: "T")
            next = 1
            id.withDecimalDigits(put)
            if next < end {
                buffer[next] = UInt8(ascii: " ")
                next += 1
            }
            name.withUTF8(put)
            buffer[next] = 0
        }
        csystem_fiber_prepare(fiber, entry, argument)
    }
}

/// The process's spare fiber stacks: a finished simulation returns its stacks here and
/// the next one takes them, so that a stack is mapped once, not once per lab thread.
enum FiberStackPool {
    /// Spare stacks kept at most; more are unmapped. Enough for the widest lab program
    /// (`pipeline`, 101 threads) with room to spare, so that its runs map no stack after the
    /// first; a spare stack holds only the pages its threads touched.
    static let capacity = 256
    private static let spare = Mutex<[FiberStack]>([])

    /// A spare stack, or a newly mapped one.
    static func take() -> FiberStack {
        spare.withLock { $0.popLast() } ?? FiberStack.map()
    }

    /// Keeps `stacks` for later simulations, up to ``capacity``; unmaps the rest.
    static func giveBack(_ stacks: [FiberStack]) {
        let excess = spare.withLock { spare -> ArraySlice<FiberStack> in
            let kept = min(stacks.count, capacity - spare.count)
            spare.append(contentsOf: stacks.prefix(kept))
            return stacks.dropFirst(kept)
        }
        for stack in excess { stack.unmap() }
    }
}
