import RunLoopKit

extension ScenarioParser {
    /// `timer NAME on THREAD (every|after) D [modes …]`.
    mutating func parseTimer(_ cursor: inout TokenCursor, line: Int) throws(LineError) {
        let token = try cursor.name("a timer name after 'timer'")
        if let earlier = timers.first(where: { $0.name == token.text }) {
            throw LineError(column: token.column, "timer \(token.quoted) is already declared on line \(earlier.line)")
        }
        timers.append((token.text, line))
        try cursor.expect("on", "after the timer name", hint: "for example 'timer tick on main every 10ms'")
        let thread = try threadName(&cursor, "the thread whose loop runs the timer")
        let repeats: Bool
        if cursor.accept("every") != nil {
            repeats = true
        } else if cursor.accept("after") != nil {
            repeats = false
        } else {
            throw cursor.failure(expected: "'every' or 'after'", hint: "'every 10ms' repeats; 'after 10ms' fires once")
        }
        let intervalColumn = cursor.column
        let interval = try cursor.duration("the interval")
        if repeats, interval <= .zero {
            throw LineError(column: intervalColumn, "a repeating timer needs an interval above zero")
        }
        let modes = try cursor.modes() ?? [.default]
        try cursor.end(after: "the timer")
        statements.append(
            ScenarioStatement(
                line: line,
                kind: .timer(
                    TimerDeclaration(
                        name: token.text, thread: thread, interval: interval, repeats: repeats, modes: modes))))
    }

    /// `source NAME on THREAD [modes …]` | `port NAME on THREAD [modes …]`.
    mutating func parseLoopSource(_ cursor: inout TokenCursor, kind: LoopSourceDeclaration.Kind, line: Int) throws(LineError) {
        let token = try cursor.name("a \(kind.rawValue) name after '\(kind.rawValue)'")
        if let earlier = loopSources.first(where: { $0.name == token.text }) {
            throw LineError(column: token.column, "\(earlier.kind.rawValue) \(token.quoted) is already declared on line \(earlier.line)")
        }
        if let earlier = synchronizations.first(where: { $0.name == token.text }) {
            throw LineError(column: token.column, "\(token.quoted) is already declared on line \(earlier.line)")
        }
        loopSources.append((token.text, kind, line))
        try cursor.expect("on", "after the \(kind.rawValue) name", hint: "for example '\(kind.rawValue) \(token.text) on worker'")
        let thread = try threadName(&cursor, "the thread whose loop gets the \(kind.rawValue)")
        let modes = try cursor.modes() ?? [.default]
        try cursor.end(after: "the \(kind.rawValue)")
        statements.append(
            ScenarioStatement(
                line: line,
                kind: .loopSource(
                    LoopSourceDeclaration(
                        kind: kind, name: token.text, thread: thread, modes: modes))))
    }

    /// Consumes the name of a declared source of `kind`.
    mutating func loopSourceName(
        _ cursor: inout TokenCursor, kind: LoopSourceDeclaration.Kind, after word: String
    ) throws(LineError) -> String {
        let token = try cursor.name("a \(kind.rawValue) name after '\(word)'", hint: "declare one with '\(kind.rawValue) NAME on THREAD'")
        let declared = loopSources.filter { $0.kind == kind }.map(\.name)
        guard declared.contains(token.text) else {
            throw LineError(
                column: token.column, "unknown \(kind.rawValue) \(token.quoted)",
                hint: Suggestion.didYouMean(token.text, in: declared)
                    ?? declarationHint(for: token.text, otherwise: "declare it with '\(kind.rawValue) \(token.text) on THREAD'"))
        }
        return token.text
    }

    /// `observe THREAD activities all|LIST [modes …] [as NAME]`.
    mutating func parseObserver(_ cursor: inout TokenCursor, line: Int) throws(LineError) {
        let thread = try threadName(&cursor, "a thread after 'observe'")
        try cursor.expect("activities", "after the thread", hint: "for example 'observe main activities all'")
        let names = RunLoopActivityName.all.map(\.name)
        var activities: RunLoopActivity = []
        repeat {
            let token = try cursor.word("an activity", hint: "activities are all, \(names.joined(separator: ", "))")
            if token.text == "all" {
                activities = .all
            } else if let activity = RunLoopActivityName.all.first(where: { $0.name == token.text }) {
                activities.insert(activity.activity)
            } else {
                throw LineError(
                    column: token.column, "unknown activity \(token.quoted)",
                    hint: Suggestion.didYouMean(token.text, in: ["all"] + names) ?? "activities are all, \(names.joined(separator: ", "))")
            }
        } while cursor.accept(",") != nil
        let modes = try cursor.modes() ?? [.common]
        var name = "observer line \(line)"
        if cursor.accept("as") != nil {
            let token = try cursor.name("the observer's name after 'as'")
            guard !observerNames.contains(token.text) else {
                throw LineError(column: token.column, "observer \(token.quoted) is already declared")
            }
            name = token.text
        }
        try cursor.end(after: "the observer")
        observerNames.append(name)
        statements.append(
            ScenarioStatement(
                line: line,
                kind: .observer(
                    ObserverDeclaration(
                        thread: thread, activities: activities, modes: modes, name: name))))
    }
}
