/// A block queued with `perform`: CF's block item, run when the loop is in one of `modes`.
struct QueuedBlock: Sendable {
    let label: String
    let modes: [RunLoopMode]
    let body: @Sendable () -> Void
    /// Called instead of `body` when the loop is torn down first: releases a
    /// `waitUntilDone` caller.
    var abandon: (@Sendable () -> Void)? = nil
}

/// One activation of a loop (CF's per-run data): nested runs each have their own.
struct Activation: Sendable {
    let mode: RunLoopMode
    var stopped = false
    /// Set from the wake-up until the top of the next iteration, when a wake-up is
    /// redundant because the loop will look at its sources and blocks before sleeping.
    var ignoreWakeUps = false
}

/// Everything a ``RunLoop`` holds, guarded by its mutex.
struct LoopState: Sendable {
    /// Modes in creation order; never removed.
    var modes: [ModeContents] = []
    /// The modes tagged common, in the order they were tagged.
    var commonModes: [RunLoopMode] = [.default]
    /// Items added to the common pseudo-mode, copied into every common mode.
    var commonItems: [RunLoopItem] = []
    /// The FIFO of performed blocks.
    var blocks: [QueuedBlock] = []
    /// Nested activations, innermost last.
    var activations: [Activation] = []
    /// CF's "sleeping" flag: true between BeforeWaiting and the wake.
    var isWaiting = false
    var isTornDown = false

    func index(of mode: RunLoopMode) -> Int? { modes.firstIndex { $0.mode == mode } }

    /// Whether a block queued for `modes` may run while the loop is in `mode`.
    func blockMatches(_ modes: [RunLoopMode], in mode: RunLoopMode) -> Bool {
        modes.contains(mode) || (modes.contains(.common) && commonModes.contains(mode))
    }

    /// CF's `__CFRunLoopModeIsEmpty`: no sources, no timers, no matching block.
    func isEmpty(_ mode: RunLoopMode) -> Bool {
        guard let index = index(of: mode) else { return true }
        return modes[index].hasNoSourcesOrTimers && !blocks.contains { blockMatches($0.modes, in: mode) }
    }
}
