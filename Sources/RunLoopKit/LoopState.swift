import LabRuntime

/// A block queued with `perform`: CF's block item, run when the loop is in one of `modes`.
///
/// The common block, unlabelled (no trace) for the default mode only with nothing to call
/// on teardown, is its closure alone: queueing and running it copies no label or mode and
/// allocates nothing beyond the closure's context.
struct QueuedBlock: Sendable {
    let body: @Sendable () -> Void
    /// The label, modes and teardown callback of any other block; `nil` for the common one.
    private let details: BlockDetails?

    init(label: String, modes: BlockModes, body: @escaping @Sendable () -> Void, abandon: (@Sendable () -> Void)? = nil) {
        self.body = body
        details =
            label == BlockDetails.plainLabel && modes.isDefaultOnly && abandon == nil
            ? nil : BlockDetails(label: label, modes: modes, abandon: abandon)
    }

    /// A block whose label, modes and teardown callback are `details`, made beforehand.
    init(body: @escaping @Sendable () -> Void, details: BlockDetails) {
        self.body = body
        self.details = details
    }

    /// The common block: unlabelled (no trace), for the default mode only, with nothing to
    /// call on teardown.
    init(plain body: consuming @escaping @Sendable () -> Void) {
        self.body = body
        details = nil
    }

    /// A block of a queue that runs its blocks whatever the loop's mode (the main dispatch
    /// queue's), whose modes nothing reads: unlabelled (no trace), it is its closure alone.
    init(servedInAnyMode label: String, body: consuming @escaping @Sendable () -> Void) {
        self.body = body
        details = label == BlockDetails.plainLabel ? nil : BlockDetails(label: label, modes: .one(.common), abandon: nil)
    }

    /// A block queued for `modes`; the shared ``RunLoopMode/defaultOnly`` list is
    /// recognised without building the modes from it.
    init(label: String, modes: [RunLoopMode], body: @escaping @Sendable () -> Void, abandon: (@Sendable () -> Void)? = nil) {
        let blockModes = modes == RunLoopMode.defaultOnly ? BlockModes.one(.default) : BlockModes(modes)
        self.init(label: label, modes: blockModes, body: body, abandon: abandon)
    }

    /// The block's name in the trace.
    var label: String { details?.label ?? BlockDetails.plainLabel }

    /// The modes the block may run in.
    var modes: BlockModes { details?.modes ?? .one(.default) }

    /// Called instead of `body` when the loop is torn down first: releases a
    /// `waitUntilDone` caller.
    var abandon: (@Sendable () -> Void)? { details?.abandon }

    /// Whether the block runs in the default mode only.
    var isDefaultOnly: Bool { details?.modes.isDefaultOnly ?? true }

    /// Whether the block names a real mode other than the default one.
    var namesOtherModes: Bool { details?.modes.namesOtherModes ?? false }
}

/// What a ``QueuedBlock`` other than the common one carries, in one allocation.
final class BlockDetails: Sendable {
    /// The label of an unlabelled block while the trace is off.
    static var plainLabel: String { "block" }

    let label: String
    let modes: BlockModes
    let abandon: (@Sendable () -> Void)?

    init(label: String, modes: BlockModes, abandon: (@Sendable () -> Void)?) {
        self.label = label
        self.modes = modes
        self.abandon = abandon
    }
}

/// The modes a queued block may run in. A single mode is stored inline, so the common
/// `perform` holds no array whose reference count the producing and the running thread
/// would both touch.
enum BlockModes: Sendable {
    case one(RunLoopMode)
    case several([RunLoopMode])

    init(_ modes: [RunLoopMode]) {
        self = modes.count == 1 ? .one(modes[0]) : .several(modes)
    }

    /// The modes as a list, for traces.
    var list: [RunLoopMode] {
        switch self {
        case let .one(mode): [mode]
        case let .several(modes): modes
        }
    }

    func contains(_ mode: RunLoopMode) -> Bool {
        switch self {
        case let .one(only): only == mode
        case let .several(modes): modes.contains(mode)
        }
    }

    /// The modes' names, for traces; the default or the common mode alone gives a shared
    /// array (``RunLoopMode/commonOnlyNames``) rather than a new one.
    var names: [String] {
        switch self {
        case .one(.default): RunLoopMode.defaultOnlyNames
        case .one(.common): RunLoopMode.commonOnlyNames
        case let .one(mode): [mode.name]
        case let .several(modes): modes.map(\.name)
        }
    }

    /// Whether a block queued for these modes may run while the loop is in `mode`, which is
    /// one of the loop's common modes if `modeIsCommon`.
    func admit(_ mode: RunLoopMode, modeIsCommon: Bool) -> Bool {
        contains(mode) || (modeIsCommon && contains(.common))
    }

    /// Whether the only mode is the default one.
    var isDefaultOnly: Bool {
        if case let .one(mode) = self { mode == .default } else { false }
    }

    /// Whether any mode is a real mode other than the default one (which always exists).
    var namesOtherModes: Bool {
        switch self {
        case let .one(mode): mode != .default && mode != .common
        case let .several(modes): modes.contains { $0 != .default && $0 != .common }
        }
    }
}

/// One activation of a loop (CF's per-run data): nested runs each have their own.
struct Activation: Sendable {
    let mode: RunLoopMode
    var stopped = false

    /// Clears the stop flag and says whether it was set.
    mutating func takeStop() -> Bool {
        defer { stopped = false }
        return stopped
    }
}

/// What other threads hand a loop, under a lock of its own so that a producer's perform
/// never waits for the loop's bookkeeping: the FIFO of performed blocks, and whether a
/// wake-up would be heard. Lock order: a loop's state, then its inbox.
struct Inbox: ~Copyable, Sendable {
    /// The FIFO of performed blocks.
    var blocks = BlockQueue()
    /// The emptied queue of the last batch the loop ran, handed back so the next batch
    /// queues into slots that are already grown (double buffering).
    var recycled = BlockQueue()
    /// Whether every queued block runs in the default mode only: the loop then takes the
    /// whole queue in the default mode, and nothing in any other, without looking at each.
    var holdsOnlyDefaultModeBlocks = true
    /// Per activation, innermost last: false from the wake-up until the top of the next
    /// pass (CF's per-run `ignoreWakeUps`), when a wake-up is redundant because the loop
    /// will look at its sources and blocks before sleeping. Empty when not running.
    var acceptsWakeUps = FirstInlineList<Bool>()
    /// Set at teardown: nothing more is queued.
    var isClosed = false

    /// Whether a wake-up sent now would be delivered.
    var wakeUpDelivered: Bool { acceptsWakeUps.last ?? false }

    /// Sets the innermost activation's flag.
    mutating func setAcceptsWakeUps(_ accepts: Bool) {
        _ = acceptsWakeUps.updateLast { $0 = accepts }
    }
}

/// Everything a ``RunLoop`` holds, guarded by its mutex.
struct LoopState: Sendable {
    /// Modes in creation order; never removed.
    var modes: [ModeContents] = []
    /// The modes tagged common, in the order they were tagged.
    var commonModes: [RunLoopMode] = [.default]
    /// Items added to the common pseudo-mode (CF's `_commonModeItems`), in the order added:
    /// the order they are copied into a mode newly tagged common.
    var commonItems = OrderedItems<RunLoopItem>()
    /// Nested activations, innermost last.
    var activations = FirstInlineList<Activation>()
    /// CF's "sleeping" flag: true between BeforeWaiting and the wake.
    var isWaiting = false
    /// Whether another thread added a timer while the loop slept, and wrote its wake
    /// port for it: the wait then reads again when to wake and sleeps on, as CF's sleeping
    /// wait sees the mode's timerfd re-armed. Left set if the loop woke for something else
    /// first, so that the write it left is taken the same way.
    var timersMovedWhileWaiting = false
    var isTornDown = false
    /// Whether this is the main thread's loop (`CFRunLoopGetMain()`), whose common modes the
    /// main dispatch queue keeps from being empty from the start, as CF's main queue exists
    /// from launch, whether or not ``mainQueue`` has been made yet (spec §2.3 rule 5).
    let isMainLoop: Bool
    /// The main dispatch queue's object, on the main loop once it has been asked for.
    var mainQueue: MainDispatchQueue?
    /// Whether the loop is running main-queue blocks (CF's `__CFTSDKeyIsInGCDMainQ`): a run
    /// nested in one does not serve the queue, nor count it as a source.
    var isServingMainQueue = false
    /// Whether a wait of this loop was answered "run over": the simulation has ended.
    var isRunOver = false

    func index(of mode: RunLoopMode) -> Int? { modes.firstIndex { $0.mode == mode } }

    /// When the loop must wake for the timers of the mode at `index`: the due date of the
    /// first one not firing (CF's `__CFArmNextTimerInMode`, which arms the mode's timer port).
    func nextTimerDueDate(inModeAt index: Int) -> LabInstant? {
        for timer in modes[index].timers {
            if let date = timer.armedFireDate { return date }
        }
        return nil
    }

    /// Whether a run of `mode` serves the main queue, which then counts as a source of `mode`
    /// (spec §1.2, §2.3 rule 5): this is the main loop, `mode` is one of its common modes,
    /// and the loop is not inside a main-queue block. It does from the start, whether or not
    /// the queue's object (``mainQueue``) has been made yet.
    func servesMainQueue(in mode: RunLoopMode) -> Bool {
        isMainLoop && !isServingMainQueue && commonModes.contains(mode)
    }

    /// CF's `__CFRunLoopModeIsEmpty` as far as the state alone decides it: no sources, no
    /// timers, and not a mode that serves the main queue (spec §2.3 rule 5); the queued
    /// blocks decide the rest (``ModeEmptiness/holds(given:)``). Taken before the inbox's
    /// lock, so that the closure run under that lock captures this small answer instead of
    /// copying the state.
    func emptiness(of mode: RunLoopMode) -> ModeEmptiness {
        guard let index = index(of: mode) else { return .empty }
        guard modes[index].hasNoSourcesOrTimers, !servesMainQueue(in: mode) else { return .notEmpty }
        return .unlessABlockMatches(mode, modeIsCommon: commonModes.contains(mode))
    }
}

/// Whether a mode is empty (CF's `__CFRunLoopModeIsEmpty`), as far as a ``LoopState`` decides
/// it without the queued blocks.
enum ModeEmptiness {
    /// Empty whatever is queued: the mode does not exist.
    case empty
    /// Not empty: it has a source or a timer, or it serves the main queue.
    case notEmpty
    /// Empty unless a queued block may run in `mode`, which is one of the loop's common modes
    /// if `modeIsCommon`.
    case unlessABlockMatches(RunLoopMode, modeIsCommon: Bool)

    /// Whether the mode is empty, with `blocks` queued.
    func holds(given blocks: borrowing BlockQueue) -> Bool {
        switch self {
        case .empty: true
        case .notEmpty: false
        case let .unlessABlockMatches(mode, modeIsCommon):
            !blocks.contains { $0.modes.admit(mode, modeIsCommon: modeIsCommon) }
        }
    }
}
