import AFReplay
import NetSim

extension ScenarioParser {
    /// The outcomes `expect outcome ==` can name, as ``ScenarioRun/outcomeName`` gives them.
    static let outcomeNames = ["quiescent", "deadlock", "time-limit", "step-limit", "replay-diverged"]

    /// The names `expect A.error ==` accepts besides a number.
    static var errorNames: [String] {
        ["none"] + NetError.Code.allCases.map { "\($0)" } + ["stream", "serialization", "requestSerialization"]
    }

    /// The names `expect A.completion ==` accepts.
    static let completionNames = ["success", "failure", "success+failure", "block", "none"]

    /// `expect …`: see ``ExpectationKind`` for the forms.
    mutating func parseExpectation(_ cursor: inout TokenCursor, line: Int, text: String) throws(LineError) {
        var checkpoint: String?
        if cursor.peek()?.is("at") == true, cursor.peek(2)?.is(":") == true, let name = cursor.peek(1), name.kind != .symbol {
            _ = cursor.next()
            _ = cursor.next()
            _ = cursor.next()
            guard checkpoints.contains(where: { $0.name == name.text }) else {
                throw LineError(
                    column: name.column, "unknown checkpoint \(name.quoted)",
                    hint: Suggestion.didYouMean(name.text, in: checkpoints.map(\.name))
                        ?? "name a point of the run with a 'checkpoint \(name.text)' action")
            }
            checkpoint = name.text
        }
        let conditionColumn = cursor.column
        var expectation = try parseImplication(&cursor, line: line)
        if let checkpoint {
            guard !expectation.needsFinishedRun else {
                throw LineError(
                    column: conditionColumn, "outcome and checkers are known only when the run is over",
                    hint: "check them without 'at \(checkpoint):'")
            }
            expectation = .at(checkpoint: checkpoint, expectation)
        }
        if case .implies = expectation {
            try cursor.end(after: "the expectation", hint: "an expectation has at most one 'implies'")
        } else {
            try cursor.end(
                after: "the expectation",
                hint: "join two conditions with 'implies', e.g. 'expect A.cancelled == true implies A.error == cancelled'")
        }
        expectations.append(ScenarioExpectation(line: line, text: text, expectation: expectation))
    }

    /// `CONDITION [implies CONDITION]`.
    private mutating func parseImplication(_ cursor: inout TokenCursor, line: Int) throws(LineError) -> ExpectationKind {
        let characters = Array(lines[line - 1])
        let premiseStart = cursor.column
        let premise = try parseNegation(&cursor)
        let premiseEnd = cursor.consumedEndColumn
        guard cursor.accept("implies") != nil else { return premise }
        let premiseText = String(characters[(premiseStart - 1)..<(premiseEnd - 1)])
        let consequentStart = cursor.column
        let consequent = try parseNegation(&cursor)
        let consequentText = String(characters[(consequentStart - 1)..<(cursor.consumedEndColumn - 1)])
        return .implies(
            premise: ExpectationClause(text: premiseText, expectation: premise),
            consequent: ExpectationClause(text: consequentText, expectation: consequent))
    }

    /// `[not] CONDITION`.
    private mutating func parseNegation(_ cursor: inout TokenCursor) throws(LineError) -> ExpectationKind {
        if cursor.accept("not") != nil { return .not(try parseNegation(&cursor)) }
        return try parseCondition(&cursor)
    }

    /// One condition: a property, notifications, an event order or count, the outcome, the
    /// indicator or a checker.
    private mutating func parseCondition(_ cursor: inout TokenCursor) throws(LineError) -> ExpectationKind {
        let expectation: ExpectationKind
        guard let first = cursor.peek() else {
            throw cursor.failure(expected: "what to expect", hint: "for example 'expect A.state == finished'")
        }
        if first.kind == .string || first.is("event") {
            expectation = try parseEventExpectation(&cursor)
        } else if first.is("outcome") {
            _ = cursor.next()
            let comparison = try parseComparison(&cursor, namesOnly: true)
            let token = try cursor.word("an outcome", hint: "outcomes are \(Self.outcomeNames.joined(separator: ", "))")
            guard Self.outcomeNames.contains(token.text) else {
                throw LineError(
                    column: token.column, "unknown outcome \(token.quoted)",
                    hint: Suggestion.didYouMean(token.text, in: Self.outcomeNames)
                        ?? "outcomes are \(Self.outcomeNames.joined(separator: ", "))")
            }
            expectation = .outcome(comparison, token.text)
        } else if first.is("indicator") {
            _ = cursor.next()
            let comparison = try parseComparison(&cursor, namesOnly: false)
            expectation = .indicator(comparison, try cursor.integer("the activity count", in: 0...1_000_000))
        } else if first.is("checker") {
            _ = cursor.next()
            let name = try cursor.word("a checker name", hint: "for example 'expect checker lock-order clean'").text
            if cursor.accept("clean") != nil {
                expectation = .checker(name: name, .clean)
            } else if cursor.accept("finds") != nil {
                expectation = .checker(name: name, .finds(cursor.peek()?.kind == .string ? cursor.next()?.text : nil))
            } else {
                throw cursor.failure(expected: "'clean' or 'finds' after the checker name")
            }
        } else if first.is("progress"), cursor.peek(1)?.is("(") == true {
            expectation = try parseProgressExpectation(&cursor)
        } else if first.is("notifications") {
            _ = cursor.next()
            try cursor.expect("(", "after 'notifications'", hint: "for example 'expect notifications(A) == [DidStart, DidFinish]'")
            let operation = try operationName(&cursor, "an operation")
            try cursor.expect(")", "after the operation")
            try cursor.expect("==", "after 'notifications(\(operation))'")
            try cursor.expect("[", "to open the list", hint: "write the list in brackets: [DidStart, DidFinish], or [] for none")
            var names: [String] = []
            if cursor.accept("]") == nil {
                repeat { names.append(try cursor.name("a notification name such as DidStart").text) } while cursor.accept(",") != nil
                try cursor.expect("]", "to close the list")
            }
            expectation = .notifications(operation: operation, names)
        } else if first.is("count"), cursor.peek(1)?.is("(") == true {
            throw LineError(
                column: first.column, "expect lines count events after the event, not with 'count(…)'",
                hint: "for example 'expect event \"completion\" \"success of op A\" count == 1'")
        } else {
            expectation = try parsePropertyExpectation(&cursor)
        }
        return expectation
    }

    /// `[event] "name" ["text"] [#N] (before [event] "name" ["text"] [#N] | count CMP N)`.
    private mutating func parseEventExpectation(_ cursor: inout TokenCursor) throws(LineError) -> ExpectationKind {
        let filter = try parseEventFilter(&cursor)
        if cursor.accept("before") != nil {
            return .order(filter, before: try parseEventFilter(&cursor))
        }
        if filter.occurrence != 1, let count = cursor.peek(), count.is("count") {
            throw LineError(
                column: count.column, "an occurrence (#N) applies to 'before', not to 'count'",
                hint: "count every matching event: expect event \"\(filter.name)\" count >= \(filter.occurrence)")
        }
        if cursor.accept("count") != nil {
            let comparison = try parseComparison(&cursor, namesOnly: false)
            return .count(filter, comparison, try cursor.integer("a count", in: 0...10_000_000))
        }
        throw cursor.failure(
            expected: "'before' or 'count'",
            hint: "for example 'expect \"perform.run\" before \"timer.fire\"' or 'expect event \"timer.fire\" count == 3'")
    }

    /// `[event] "name" ["text"] [#N]`.
    private mutating func parseEventFilter(_ cursor: inout TokenCursor) throws(LineError) -> EventFilter {
        cursor.accept("event")
        let hint = "event names are the trace's, in double quotes, e.g. \"perform.run\" or \"connection.callback\""
        let name = try cursor.string("an event name in double quotes", hint: hint)
        guard TraceEventNames.all.contains(name.text) else {
            throw LineError(
                column: name.column, "unknown event name \(name.quoted)",
                hint: Suggestion.didYouMean(name.text, in: TraceEventNames.all) ?? hint)
        }
        let text = cursor.peek()?.kind == .string ? cursor.next()?.text : nil
        var filter = EventFilter(name: name.text, text: text)
        if cursor.accept("#") != nil {
            filter.occurrence = try cursor.integer(
                "an occurrence after '#'", in: 1...10_000_000, hint: "#1 is the first matching event, #2 the second, …")
        }
        return filter
    }

    /// A comparison symbol; `==` and `!=` only when `namesOnly`.
    mutating func parseComparison(_ cursor: inout TokenCursor, namesOnly: Bool) throws(LineError) -> Comparison {
        let allowed = namesOnly ? [Comparison.equal, .notEqual] : Comparison.allCases
        guard let token = cursor.peek(), token.kind == .symbol, let comparison = Comparison(rawValue: token.text) else {
            throw cursor.failure(expected: allowed.map(\.rawValue).joined(separator: " or "))
        }
        guard allowed.contains(comparison) else {
            throw LineError(column: token.column, "\(token.quoted) does not compare names", hint: "use == or !=")
        }
        _ = cursor.next()
        return comparison
    }
}
