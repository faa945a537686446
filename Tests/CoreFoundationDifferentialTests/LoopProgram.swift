/// A small run-loop program that both CoreFoundation and RunLoopKit can run: items added to
/// modes up front, then a list of runs. Each item's actions run once, in its first callout.
/// Every timed thing is either already due or far in the future, so the two loops must agree
/// on the order of callouts and on every result code, never on a duration.
struct LoopProgram: Sendable, Equatable, CustomStringConvertible {
    var commonModes: [ProgramMode] = []
    var items: [ProgramItem] = []
    var runs: [ProgramRun] = []

    var description: String {
        var lines = commonModes.map { "add common mode \($0)" }
        lines += items.map(\.description)
        lines += runs.map { "run \($0)" }
        return lines.joined(separator: "\n")
    }
}

/// A mode a program names: the default mode, two custom ones, or the common pseudo-mode
/// (only for adding items and blocks).
enum ProgramMode: String, Sendable, Equatable, CaseIterable, CustomStringConvertible {
    case `default`, x = "X", y = "Y", common
    var description: String { rawValue }
}

/// One run: `CFRunLoopRunInMode(mode, timeout, returnAfterSourceHandled)`. A zero timeout
/// polls once.
struct ProgramRun: Sendable, Equatable, CustomStringConvertible {
    var mode: ProgramMode
    var timeoutMilliseconds: Int
    var returnAfterSourceHandled = false

    var description: String {
        "\(mode) for \(timeoutMilliseconds) ms\(returnAfterSourceHandled ? " returning after a source" : "")"
    }
}

/// When a timer is first due.
enum TimerDue: Sendable, Equatable, CustomStringConvertible {
    /// A little in the past: due at the first wait.
    case past
    /// Two and a half intervals in the past (repeating timers): one coalesced late fire,
    /// then the next fire keeps the original phase.
    case late
    /// So far ahead that it never fires unless moved.
    case far
    /// `milliseconds` after the program starts (hand-written live cases only).
    case after(milliseconds: Int)

    var description: String {
        switch self {
        case .past: "past"
        case .late: "late"
        case .far: "far"
        case let .after(milliseconds): "+\(milliseconds) ms"
        }
    }
}

/// What an item is.
enum ProgramItemKind: Sendable, Equatable {
    /// An observer of `activities` (CF's bits), with its order and repeat flag.
    case observer(activities: UInt32, order: Int, repeats: Bool)
    /// A timer; repeating timers have a ten-second interval.
    case timer(due: TimerDue, repeats: Bool, order: Int)
    /// A version-0 source, signalled up front or not.
    case source(order: Int, signalled: Bool)
    /// A perform block queued up front.
    case block
}

/// A named item added to (or queued for) a mode.
struct ProgramItem: Sendable, Equatable, CustomStringConvertible {
    var name: String
    var kind: ProgramItemKind
    var mode: ProgramMode
    var actions: [ProgramAction] = []

    var description: String {
        let what: String =
            switch kind {
            case let .observer(activities, order, repeats):
                "observer \(name) of \(ActivityName.names(activities).joined(separator: "|")) order \(order)\(repeats ? "" : " once")"
            case let .timer(due, repeats, order): "timer \(name) due \(due)\(repeats ? " repeating" : "") order \(order)"
            case let .source(order, signalled): "source \(name) order \(order)\(signalled ? " signalled" : "")"
            case .block: "block \(name)"
            }
        let then = actions.isEmpty ? "" : " then " + actions.map(\.description).joined(separator: ", ")
        return "\(what) in \(mode)\(then)"
    }
}

/// Something a callout does, the first time it runs.
indirect enum ProgramAction: Sendable, Equatable, CustomStringConvertible {
    case stop
    case wakeUp
    case signal(String)
    case removeTimer(String, from: ProgramMode)
    case invalidateTimer(String)
    case moveTimerToNow(String)
    case moveTimerFar(String)
    case removeSource(String, from: ProgramMode)
    case addCommonMode(ProgramMode)
    case perform(String, in: ProgramMode)
    case run(ProgramRun)
    /// Logs which timer's fire date `CFRunLoopGetNextTimerFireDate` gives for the mode.
    case logNextTimerFireDate(ProgramMode)
    /// Blocks the thread for a while, as slow work in a callout does.
    case sleep(milliseconds: Int)
    /// Another thread adds a one-shot timer to the default mode, due `milliseconds` from now,
    /// once the loop sleeps.
    case addTimerFromAnotherThread(String, afterMilliseconds: Int)

    var description: String {
        switch self {
        case .stop: "stop"
        case .wakeUp: "wake up"
        case let .signal(name): "signal \(name)"
        case let .removeTimer(name, mode): "remove \(name) from \(mode)"
        case let .invalidateTimer(name): "invalidate \(name)"
        case let .moveTimerToNow(name): "move \(name) to now"
        case let .moveTimerFar(name): "move \(name) far ahead"
        case let .removeSource(name, mode): "remove \(name) from \(mode)"
        case let .addCommonMode(mode): "add common mode \(mode)"
        case let .perform(name, mode): "perform \(name) in \(mode)"
        case let .run(run): "run nested \(run)"
        case let .logNextTimerFireDate(mode): "log the next timer fire date of \(mode)"
        case let .sleep(milliseconds): "sleep \(milliseconds) ms"
        case let .addTimerFromAnotherThread(name, milliseconds):
            "another thread adds timer \(name), due in \(milliseconds) ms, once the loop sleeps"
        }
    }
}

/// CF's activity bits and the names the logs use for them.
enum ActivityName {
    static let all: [(bit: UInt32, name: String)] = [
        (1 << 0, "entry"), (1 << 1, "beforeTimers"), (1 << 2, "beforeSources"),
        (1 << 5, "beforeWaiting"), (1 << 6, "afterWaiting"), (1 << 7, "exit"),
    ]
    static let everyActivity: UInt32 = 0x0FFF_FFFF

    static func names(_ activities: UInt32) -> [String] {
        all.filter { activities & $0.bit != 0 }.map(\.name)
    }
}

/// The names a program's runs log for a result code (CF's raw values).
enum ResultName {
    static func of(rawValue: Int) -> String {
        switch rawValue {
        case 1: "finished"
        case 2: "stopped"
        case 3: "timedOut"
        case 4: "handledSource"
        default: "unknown \(rawValue)"
        }
    }
}
