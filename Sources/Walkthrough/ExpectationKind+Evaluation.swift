import LabRuntime

extension ExpectationKind {
    /// Checks the expectation against `facts`: whether it holds, what it expected and what
    /// the run gave, both as text for the report.
    func evaluate(in facts: RunFacts) -> (passed: Bool, expected: String, actual: String) {
        switch self {
        case let .property(name, property, comparison, value):
            guard let report = facts.operation(name) else { return (false, "\(value)", "operation \(name) was never created") }
            if property == .outputStream, value == .word("set") {
                let held = report.outputStreamName ?? "nil"
                return ((held != "nil") == (comparison == .equal), comparison == .equal ? "set" : "!= set", held)
            }
            return Self.compare(property.value(in: report), comparison, value)
        case let .taskState(name, comparison, state):
            guard let actual = facts.taskStates.first(where: { $0.name == name })?.state else {
                return (false, state.rawValue, "task \(name) was never created")
            }
            return Self.compare(.word(actual.rawValue), comparison, .word(state.rawValue))
        case let .stream(name, property, comparison, value):
            guard let report = facts.streams.first(where: { $0.name == name }) else {
                return (false, "\(value)", "stream \(name) was never created")
            }
            let actual: PropertyValue =
                switch property {
                case .status: .word(report.statusName)
                case .written: .number(report.written, name: "\(report.written)")
                }
            return Self.compare(actual, comparison, value)
        case let .cell(name, initial, comparison, value):
            let actual = Self.cellValue(name, in: facts.trace) ?? initial
            return Self.compare(.number(actual, name: "\(actual)"), comparison, .number(value))
        case let .notifications(name, expected):
            let actual = facts.operation(name)?.notifications ?? []
            return (actual == expected, Self.list(expected), Self.list(actual))
        case let .order(first, second):
            let a = first.occurrence(in: facts.trace)
            let b = second.occurrence(in: facts.trace)
            let expected = "\(first.ordinalDescription) comes before \(second.ordinalDescription)"
            switch (a, b) {
            case let (a?, b?):
                return (
                    a.sequence < b.sequence, expected,
                    "\(first.ordinalDescription) is #\(a.sequence), \(second.ordinalDescription) is #\(b.sequence)"
                )
            case (nil, _): return (false, expected, Self.missing(first, in: facts.trace))
            case (_, nil): return (false, expected, Self.missing(second, in: facts.trace))
            }
        case let .count(filter, comparison, count):
            let actual = facts.trace.filter(filter.matches).count
            return (comparison.holds(actual, count), "count \(comparison.rawValue) \(count)", "\(actual)")
        case let .outcome(comparison, name):
            let actual = facts.result.outcome.scenarioName
            let expected = comparison == .equal ? name : "\(comparison.rawValue) \(name)"
            return (comparison.holds(actual, name), expected, actual)
        case let .indicator(comparison, count):
            let expected = comparison == .equal ? "\(count)" : "\(comparison.rawValue) \(count)"
            return (comparison.holds(facts.indicatorCount, count), expected, "\(facts.indicatorCount)")
        case let .checker(name, verdict):
            guard let checker = facts.checkers.first(where: { $0.name == name }) else {
                let known = facts.checkers.map(\.name)
                let available = known.isEmpty ? "no checkers are plugged into this runner" : "available: \(known.joined(separator: ", "))"
                return (false, verdict.description, "checker \(name) is not available (\(available))")
            }
            let findings = checker.findings(in: facts.result)
            let actual = findings.isEmpty ? "clean" : findings.joined(separator: "; ")
            switch verdict {
            case .clean: return (findings.isEmpty, verdict.description, actual)
            case let .finds(text): return (findings.contains { text.map($0.contains) ?? true }, verdict.description, actual)
            }
        case let .header(name, field, comparison, value):
            guard let report = facts.operation(name) else { return (false, Self.text(value), "operation \(name) was never created") }
            guard let request = report.sentRequests.last else { return (false, Self.text(value), "\(name) made no connection") }
            let actual = request.value(forHTTPHeaderField: field)
            let expected = comparison == .equal ? Self.text(value) : "\(comparison.rawValue) \(Self.text(value))"
            return ((actual == value) == (comparison == .equal), expected, Self.text(actual))
        case let .redirects(name, comparison, hops):
            let expected = comparison == .equal ? Self.list(hops) : "\(comparison.rawValue) \(Self.list(hops))"
            guard let report = facts.operation(name) else { return (false, expected, "operation \(name) was never created") }
            let actual = report.redirects.map(\.description)
            return ((actual == hops) == (comparison == .equal), expected, Self.list(actual))
        case let .progress(name, calls):
            let actual = facts.operation(name)?.progressCalls ?? []
            return (actual == calls, Self.list(calls.map(\.description)), Self.list(actual.map(\.description)))
        case let .dataContent(name, comparison, content):
            let expected = comparison == .equal ? content.description : "\(comparison.rawValue) \(content.description)"
            guard let report = facts.operation(name) else { return (false, expected, "operation \(name) was never created") }
            guard let data = report.responseData else { return (comparison == .notEqual, expected, "none") }
            return ((data == content.bytes) == (comparison == .equal), expected, Self.difference(data, from: content))
        case let .batchProgress(name, calls):
            let actual = facts.batches.first { $0.name == name }?.progress ?? []
            return (actual == calls, Self.list(calls.map(\.description)), Self.list(actual.map(\.description)))
        case let .batchCompleted(name, comparison, completed):
            let actual = facts.batches.first { $0.name == name }?.completed ?? false
            return ((actual == completed) == (comparison == .equal), comparison == .equal ? "\(completed)" : "!= \(completed)", "\(actual)")
        case let .at(name, inner):
            guard let point = facts.checkpoints.first(where: { $0.checkpoint == name }) else {
                return (false, "at \(name): \(inner.evaluate(in: facts).expected)", "checkpoint \(name) was never reached")
            }
            let verdict = inner.evaluate(in: point)
            return (verdict.passed, "at \(name): \(verdict.expected)", "at \(name): \(verdict.actual)")
        case let .not(inner):
            let verdict = inner.evaluate(in: facts)
            return (!verdict.passed, "not \(verdict.expected)", verdict.actual)
        case let .implies(premise, consequent):
            let condition = premise.expectation.evaluate(in: facts)
            let expected = "\(consequent.text), since \(premise.text)"
            guard condition.passed else {
                return (true, expected, "\(premise.text) does not hold (\(condition.actual))")
            }
            let verdict = consequent.expectation.evaluate(in: facts)
            return (verdict.passed, expected, "\(premise.text) holds (\(condition.actual)); \(consequent.text) gives \(verdict.actual)")
        }
    }

    /// Compares a property's value, a name or a number (nil for `none`), with the expected one.
    /// The value of the cell the scenario calls `name` at its last access in `trace` (`→ 1`
    /// for a read, `← 2` for a write), or nil when it was never accessed.
    private static func cellValue(_ name: String, in trace: [TraceEvent]) -> Int? {
        for event in trace.reversed() {
            guard case let .cellAccess(cell, _, value, _) = event.kind, cell.drop(while: { $0 != " " }).dropFirst() == name else {
                continue
            }
            return Int(value.drop { $0 == "→" || $0 == "←" || $0 == " " }.prefix { $0 == "-" || $0.isNumber })
        }
        return nil
    }

    private static func compare(_ actual: PropertyValue, _ comparison: Comparison, _ expected: ExpectedValue) -> (Bool, String, String) {
        let expectedText = comparison == .equal ? "\(expected)" : "\(comparison.rawValue) \(expected)"
        switch (actual, expected) {
        case let (.number(number, _), .number(wanted)):
            return (comparison.holds(number, wanted), expectedText, actual.description)
        case let (.number(_, name), .word(word)):
            return (comparison.holds(name, word), expectedText, actual.description)
        case let (.word(name), .word(word)), let (.text(name), .text(word)):
            return (comparison.holds(name, word), expectedText, actual.description)
        case (.word, .number), (.word, .text), (.number, .text), (.text, .word), (.text, .number):
            return (comparison == .notEqual, expectedText, actual.description)
        }
    }

    /// Why `filter` found no event: none matches, or fewer than its occurrence.
    private static func missing(_ filter: EventFilter, in trace: [TraceEvent]) -> String {
        let count = trace.filter(filter.matches).count
        let plain = EventFilter(name: filter.name, text: filter.text)
        return count == 0 ? "no event matches \(plain)" : "only \(count) events match \(plain)"
    }

    /// A header value as the report shows it: `"bytes=4-"`, or `none`.
    private static func text(_ value: String?) -> String {
        value.map { "\"\($0)\"" } ?? "none"
    }

    /// `responseData` described against the expected content: its length, and where it
    /// first differs.
    private static func difference(_ data: [UInt8], from content: DataContent) -> String {
        guard data != content.bytes else { return "\(data.count) bytes, equal to \(content.description)" }
        let common = zip(data, content.bytes).prefix { $0 == $1 }.count
        let whereItDiffers =
            common == min(data.count, content.bytes.count)
            ? "the first \(common) bytes match"
            : "first differs at byte \(common)"
        return "\(data.count) bytes (\(content.description) has \(content.bytes.count)); \(whereItDiffers)"
    }

    /// `[DidStart, DidFinish]`.
    private static func list(_ names: [String]) -> String {
        "[" + names.joined(separator: ", ") + "]"
    }
}
