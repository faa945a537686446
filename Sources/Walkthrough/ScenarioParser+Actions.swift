import AFReplay
import RunLoopKit

extension ScenarioParser {
    /// The words that begin an action.
    static let actionWords = [
        "start", "cancel", "pause", "resume", "suspend", "enqueue", "run", "perform", "add", "remove", "signal", "wake", "send", "set",
        "acquire",
        "release", "wait", "increment", "checkpoint",
    ]

    /// `on THREAD: action; action; …`.
    mutating func parseActions(_ cursor: inout TokenCursor, line: Int) throws(LineError) {
        let thread = try threadName(&cursor, "a thread after 'on'")
        try cursor.expect(":", "after the thread", hint: "for example 'on main: start A; cancel A'")
        var actions: [ThreadAction] = []
        repeat {
            let column = cursor.column
            var action = try parseAction(&cursor, line: line)
            if thread == "main", case let .runMode(mode, duration, _) = action {
                action = .runMode(mode, duration, until: try advanceTimeline(by: duration, column: column))
            }
            actions.append(action)
        } while cursor.accept(";") != nil
        try cursor.end(after: "the actions")
        statements.append(ScenarioStatement(line: line, kind: .actions(thread: thread, actions)))
    }

    /// `when A received N bytes: actions [on THREAD | inline]` | `when A state == S: actions [on THREAD | inline]`.
    /// A session task takes `received` only.
    mutating func parseTrigger(_ cursor: inout TokenCursor, line: Int) throws(LineError) {
        let operation = try operationName(&cursor, "an operation after 'when'", allowingTasks: true)
        let condition: Trigger.Condition
        if tasks.contains(operation), let next = cursor.peek(), !next.is("received") {
            throw LineError(
                column: next.column, "a session task's trigger is 'received N bytes'",
                hint: "for example 'when \(operation) received 500 bytes: suspend \(operation) on main'")
        }
        if cursor.accept("received") != nil {
            let bytes = try cursor.integer("a number of bytes", in: 1...10_000_000)
            guard cursor.accept("bytes") != nil || cursor.accept("byte") != nil else { throw cursor.failure(expected: "'bytes'") }
            condition = .received(operation: operation, bytes: bytes)
        } else if cursor.accept("state") != nil {
            try cursor.expect("==", "after 'state'")
            condition = .state(operation: operation, try parseState(&cursor))
        } else {
            throw cursor.failure(expected: "'received' or 'state'", hint: "for example 'when A received 4 bytes: pause A on main'")
        }
        try cursor.expect(":", "after the condition", hint: "for example 'when A state == executing: cancel A on main'")
        var actions: [(action: ThreadAction, column: Int)] = []
        var thread = "main"
        var inline = false
        repeat {
            let column = cursor.column
            actions.append((try parseAction(&cursor, line: line), column))
            if cursor.accept("on") != nil {
                thread = try threadName(&cursor, "the thread the actions run on")
                break
            }
            if cursor.accept("inline") != nil {
                inline = true
                break
            }
        } while cursor.accept(";") != nil
        try cursor.end(after: "the triggered actions")
        if inline, let port = actions.first(where: { if case .addPort = $0.action { true } else { $0.action == .removePort } }) {
            throw LineError(
                column: port.column, "an inline action runs on whatever thread made the condition true, which has no scenario ports",
                hint: "queue port actions on a named thread with 'on THREAD'")
        }
        var trigger = Trigger(condition: condition, actions: actions.map(\.action), thread: thread)
        trigger.inline = inline
        statements.append(ScenarioStatement(line: line, kind: .trigger(trigger)))
    }

    /// An operation state name.
    mutating func parseState(_ cursor: inout TokenCursor) throws(LineError) -> OperationState {
        let names = OperationState.allCases.map(\.description)
        let token = try cursor.word("a state (\(names.joined(separator: ", ")))")
        guard let state = OperationState.allCases.first(where: { $0.description == token.text }) else {
            throw LineError(
                column: token.column, "unknown state \(token.quoted)",
                hint: Suggestion.didYouMean(token.text, in: names) ?? "states are \(names.joined(separator: ", "))")
        }
        return state
    }

    /// One action.
    private mutating func parseAction(_ cursor: inout TokenCursor, line: Int) throws(LineError) -> ThreadAction {
        let hint =
            "actions are start A, cancel A, pause A, resume A, suspend T, enqueue A, run mode M for D, perform on THREAD, add port, remove port, add common mode M, signal S, wake THREAD, send P, set stream A to S, set completionBlock A, acquire L, release L, wait S, increment C, checkpoint NAME"
        let token = try cursor.word("an action", hint: hint)
        switch token.text {
        case "start": return .start(try operationName(&cursor, "an operation after 'start'", allowingTasks: true, allowingBlocks: true))
        case "cancel": return .cancel(try operationName(&cursor, "an operation after 'cancel'", allowingTasks: true, allowingBlocks: true))
        case "pause": return .pause(try operationName(&cursor, "an operation after 'pause'"))
        case "resume": return .resume(try operationName(&cursor, "an operation after 'resume'", allowingTasks: true))
        case "suspend": return .suspend(try taskName(&cursor, "a session task after 'suspend'"))
        case "enqueue":
            let action: ThreadAction
            if let next = cursor.peek(), batches.contains(where: { $0.name == next.text }) {
                _ = cursor.next()
                action = .enqueueBatch(next.text)
            } else {
                action = .enqueue(try operationName(&cursor, "an operation or a batch after 'enqueue'", allowingBlocks: true))
            }
            guard queueLine != nil else {
                throw LineError(column: token.column, "there is no queue to enqueue on", hint: "declare one first, e.g. 'queue max 1'")
            }
            return action
        case "run":
            try cursor.expect("mode", "after 'run' in an action", hint: "for example 'run mode tracking for 50ms'")
            let modeToken = try cursor.name("a mode")
            let mode = ModeName.mode(modeToken)
            if mode == .common {
                throw LineError(
                    column: modeToken.column, "cannot run the common modes",
                    hint: "kCFRunLoopCommonModes is a tag for adding items to every common mode; run a real mode such as default")
            }
            try cursor.expect("for", "after the mode")
            return .runMode(mode, try cursor.duration("how long to run"), until: nil)
        case "perform":
            try cursor.expect("on", "after 'perform'", hint: "for example 'perform on worker wait'")
            let target = try threadName(&cursor, "the thread to perform on")
            let wait = cursor.accept("wait") != nil
            let modes = try cursor.modes() ?? [.default]
            return .perform(target: target, wait: wait, modes: modes, label: "perform (line \(line))")
        case "add":
            if cursor.accept("port") != nil {
                return .addPort(try cursor.modes() ?? [.default], name: "port (line \(line))")
            }
            try cursor.expect("common", "or 'port' after 'add'", hint: "'add port' or 'add common mode M'")
            try cursor.expect("mode", "after 'add common'")
            let modeToken = try cursor.name("a mode")
            let mode = ModeName.mode(modeToken)
            if mode == .common {
                throw LineError(column: modeToken.column, "common is the tag itself, not a mode", hint: "name a real mode such as tracking")
            }
            return .addCommonMode(mode)
        case "remove":
            try cursor.expect("port", "after 'remove'")
            return .removePort
        case "signal":
            if let next = cursor.peek(), synchronizations.contains(where: { !$0.isLock && $0.name == next.text }) {
                _ = cursor.next()
                return .signalSemaphore(next.text)
            }
            return .signal(try loopSourceName(&cursor, kind: .source, after: "signal"))
        case "acquire": return .acquire(try synchronizationName(&cursor, isLock: true, after: "acquire"))
        case "release": return .release(try synchronizationName(&cursor, isLock: true, after: "release"))
        case "wait": return .waitSemaphore(try synchronizationName(&cursor, isLock: false, after: "wait"))
        case "increment": return .increment(try cellName(&cursor, after: "increment"))
        case "wake": return .wake(try threadName(&cursor, "the thread to wake after 'wake'"))
        case "send": return .send(try loopSourceName(&cursor, kind: .port, after: "send"))
        case "set":
            let hint = "for example 'set stream A to small' or 'set completionBlock A'"
            let property = try cursor.word("stream or completionBlock after 'set'", hint: hint)
            if property.text == "completionBlock" {
                return .setCompletionBlock(try operationName(&cursor, "an operation after 'set completionBlock'"))
            }
            guard property.text == "stream" else {
                throw LineError(
                    column: property.column, "expected 'stream' or 'completionBlock' after 'set', found \(property.quoted)",
                    hint: Suggestion.didYouMean(property.text, in: ["stream", "completionBlock"]) ?? hint)
            }
            let operation = try operationName(&cursor, "an operation after 'set stream'")
            try cursor.expect("to", "after the operation", hint: "for example 'set stream \(operation) to small', or 'to nil'")
            if cursor.accept("nil") != nil { return .setStream(operation: operation, stream: nil) }
            return .setStream(operation: operation, stream: try streamName(&cursor, "a stream, or nil"))
        case "checkpoint":
            let name = try cursor.name("a checkpoint name after 'checkpoint'", hint: "for example 'checkpoint cancelled'")
            if let earlier = checkpoints.first(where: { $0.name == name.text }) {
                throw LineError(
                    column: name.column, "checkpoint \(name.quoted) is already used on line \(earlier.line)",
                    hint: "each checkpoint names one point of the run")
            }
            checkpoints.append((name.text, line))
            return .checkpoint(name.text)
        default:
            throw LineError(
                column: token.column, "unknown action \(token.quoted)",
                hint: Suggestion.didYouMean(token.text, in: Self.actionWords) ?? hint)
        }
    }

    /// Moves the main thread's timeline on by `duration` and returns where it ends.
    private mutating func advanceTimeline(by duration: Duration, column: Int) throws(LineError) -> Duration {
        timeline += duration
        guard timeline <= DurationText.limit else {
            throw LineError(column: column, "the runs add up to more than \(DurationText.format(DurationText.limit))")
        }
        return timeline
    }

    /// `interleave NAME, NAME, …`.
    mutating func parseInterleave(_ cursor: inout TokenCursor, line: Int) throws(LineError) {
        var names: [String] = []
        repeat {
            names.append(
                try cursor.name(
                    "a thread name", hint: "name threads as the trace does (main, AFNetworking, \"loopback server\") or by number (T2)"
                ).text)
        } while cursor.accept(",") != nil
        try cursor.end(after: "the thread names")
        statements.append(ScenarioStatement(line: line, kind: .interleave(names)))
    }

    /// `run until idle` | `run N steps` | `run for D`.
    mutating func parseRun(_ cursor: inout TokenCursor, line: Int) throws(LineError) {
        let run: RunStatement
        let text: String
        if cursor.accept("until") != nil {
            try cursor.expect("idle", "after 'until'")
            (run, text) = (.untilIdle, "run until idle")
        } else if cursor.accept("for") != nil {
            let column = cursor.column
            let duration = try cursor.duration("how long to run")
            (run, text) = (
                .duration(duration, until: try advanceTimeline(by: duration, column: column)), "run for \(DurationText.format(duration))"
            )
        } else if cursor.peek()?.kind == .number {
            let steps = try cursor.integer("the number of steps", in: 1...10_000_000)
            guard cursor.accept("steps") != nil || cursor.accept("step") != nil else { throw cursor.failure(expected: "'steps'") }
            (run, text) = (.steps(steps), "run \(steps) steps")
        } else {
            throw cursor.failure(expected: "'until idle', 'for D' or 'N steps' after 'run'")
        }
        try cursor.end(after: "the run")
        lastRunLine = line
        if run.endsScript { endingRun = (text, line) }
        statements.append(ScenarioStatement(line: line, kind: .run(run)))
    }
}
