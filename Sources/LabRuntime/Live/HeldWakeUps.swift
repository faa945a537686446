import Synchronization

/// The eventfd writes a live thread holds back while its run loop is busy: a doorbell that
/// rings once for a run of wake-ups instead of once for each.
///
/// A wake-up is an `eventfd_write` that costs its sender about 5 µs when the woken thread
/// crosses to an idle CPU. A loop that works through pass after pass (AFNetworking's network
/// thread hopping DidStart, progress and DidFinish to the main queue and finishing an
/// operation to the queue's worker) would ring the same few loops many times over, each time
/// just after they went back to sleep. Held, the writes to one descriptor become one write,
/// rung when the thread's loop is about to sleep, after ``passLimit`` passes, when its run
/// returns, or before the thread blocks in a lab primitive (a semaphore, a contended lock, a
/// join, a sleep), so that nothing it waits for can wait on a write it holds. What was queued
/// and in which order is unchanged; only the moment the target notices moves, as it may with
/// any wake-up (CF's and libdispatch's targets may be busy when the write lands).
///
/// A thread holds only once it has chosen to (``LabThread/holdWakeUpsWhileBusy()``: AFNetworking's
/// network thread does), because a held write changes what CF promises: `CFRunLoopWakeUp` and
/// `dispatch_async` to the main queue wake their target at once. Code on a holding loop that
/// waits for another loop by any means other than the lab's primitives (a spin on an atomic, a
/// Glibc or Foundation wait) would wait for a write its own thread holds. Only the live
/// runtime holds: under a simulation every write is made at once, so traces do not change.
struct HeldWakeUps: Sendable {
    /// How many loop passes a held write waits at most.
    static let passLimit = 32

    /// How many runs of the thread's loops are holding (nested runs each hold).
    var depth = 0
    /// The descriptors to write, each once, in the order first held.
    var descriptors: [LabFileDescriptor] = []
    /// The passes since the oldest held write.
    var passes = 0

    /// Takes the held descriptors, leaving none.
    mutating func take() -> [LabFileDescriptor] {
        passes = 0
        defer { descriptors.removeAll(keepingCapacity: true) }
        return descriptors
    }
}

extension LabThread {
    /// Makes the runs of this thread's loop hold the wake-ups they send other loops while
    /// they are busy (live only): each target's write is made once, when the loop is about
    /// to block, after 32 passes, when its run returns, or before the thread blocks in a lab
    /// primitive. CF writes at once (`CFRunLoopWakeUp`), so this is for a loop whose callouts
    /// wait for other threads only through the lab's primitives, such as AFNetworking's
    /// network thread: a callout that spun or made a Glibc wait for a target would wait for a
    /// write its own thread holds. Called on the thread itself, before its loop runs.
    public func holdWakeUpsWhileBusy() {
        guard runtime.flavor == .live else { return }
        choseToHoldWakeUps.store(true, ordering: .relaxed)
    }

    /// Starts holding this thread's wake-ups (``wake(_:of:)``), if it runs live and has chosen
    /// to (``holdWakeUpsWhileBusy()``), and says whether it did; a run of the thread's loop
    /// calls it as it starts and, if it held, ``stopHoldingWakeUps()`` as it returns.
    public func holdWakeUps() -> Bool {
        guard runtime.flavor == .live, choseToHoldWakeUps.load(ordering: .relaxed) else { return false }
        heldWakeUps.withLock { $0.depth += 1 }
        return true
    }

    /// Ends the innermost ``holdWakeUps()`` that held; the outermost one writes what is held.
    public func stopHoldingWakeUps() {
        let depth = heldWakeUps.withLock { held in
            held.depth -= 1
            return held.depth
        }
        if depth == 0 { ringHeldWakeUps() }
    }

    /// Adds one to the eventfd `descriptor`'s counter (a loop's wake port, the main queue's
    /// port), which wakes `owner`: at once, or, while this thread holds its wake-ups and
    /// `owner` is another thread, when it rings them. A loop's wake-up of itself is never
    /// held: its own next wait must see it.
    public func wake(_ descriptor: LabFileDescriptor, of owner: LabThread) {
        let held =
            owner !== self && choseToHoldWakeUps.load(ordering: .relaxed)
            && heldWakeUps.withLock { held in
                guard held.depth > 0 else { return false }
                if !held.descriptors.contains(where: { $0 === descriptor }) { held.descriptors.append(descriptor) }
                return true
            }
        if !held { descriptor.addToEventCounter() }
    }

    /// Counts one pass of this thread's loop, writing what is held once a write has waited
    /// 32 passes.
    public func notePassWithHeldWakeUps() {
        let due = heldWakeUps.withLock { held in
            guard !held.descriptors.isEmpty else { return false }
            held.passes += 1
            return held.passes >= HeldWakeUps.passLimit
        }
        if due { ringHeldWakeUps() }
    }

    /// Whether this thread holds a wake-up not yet written.
    var holdsWakeUps: Bool { choseToHoldWakeUps.load(ordering: .relaxed) && heldWakeUps.withLock { !$0.descriptors.isEmpty } }

    /// Writes every held wake-up now: before this thread sleeps or blocks.
    public func ringHeldWakeUps() {
        guard choseToHoldWakeUps.load(ordering: .relaxed) else { return }
        let descriptors = heldWakeUps.withLock { held in held.descriptors.isEmpty ? [] : held.take() }
        for descriptor in descriptors { descriptor.addToEventCounter() }
    }

    /// The calling thread's held wake-ups, written now, before it blocks in a lab primitive.
    /// A thread the lab does not know holds none, and is not adopted for asking.
    static func ringCallersHeldWakeUps() {
        CurrentThreadSlot.withCurrentIfKnown { $0.ringHeldWakeUps() }
    }

    /// ``wake(_:of:)`` from the calling thread, read without retaining it: a loop's wake port
    /// or the main queue's port written by whichever thread queued work for its owner.
    public static func callerWakes(_ descriptor: LabFileDescriptor, of owner: LabThread) {
        CurrentThreadSlot.withCurrent { $0.wake(descriptor, of: owner) }
    }

    /// Whether the calling thread holds a wake-up; false for a thread the lab does not know.
    static var callerHoldsWakeUps: Bool { CurrentThreadSlot.withCurrentIfKnown { $0.holdsWakeUps } ?? false }
}
