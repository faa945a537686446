import AFReplay

extension ScenarioParser {
    /// `A.PROPERTY CMP VALUE`, `A.error.(domain|code|url) CMP VALUE`,
    /// `A.header "Field" CMP "value"|none`, and `A.data ==|!= body /path [from N]|"text"`.
    mutating func parsePropertyExpectation(_ cursor: inout TokenCursor) throws(LineError) -> ExpectationKind {
        if let first = cursor.peek(), streams.contains(where: { $0.name == first.text }) {
            _ = cursor.next()
            return try parseStreamExpectation(&cursor, stream: first.text)
        }
        if let first = cursor.peek(), cells.contains(where: { $0.name == first.text }) {
            _ = cursor.next()
            return try parseCellExpectation(&cursor, cell: first.text)
        }
        if let first = cursor.peek(), batches.contains(where: { $0.name == first.text }) {
            _ = cursor.next()
            return try parseBatchExpectation(&cursor, batch: first.text)
        }
        if let first = cursor.peek(), tasks.contains(first.text) {
            _ = cursor.next()
            return try parseTaskExpectation(&cursor, task: first.text)
        }
        let operation = try operationName(&cursor, "what to expect", allowingBlocks: true)
        try cursor.expect(".", "after the operation", hint: "for example 'expect \(operation).state == finished'")
        let properties = OperationProperty.allCases.map(\.rawValue) + ["header", "redirects"]
        let token = try cursor.word("a property", hint: "properties are \(properties.joined(separator: ", "))")
        if blockOperations.contains(operation) { try checkBlockProperty(token, operation: operation) }
        if token.text == "header" { return try parseHeaderExpectation(&cursor, operation: operation) }
        if token.text == "redirects" { return try parseRedirectsExpectation(&cursor, operation: operation) }
        var name = token.text
        var column = token.column
        if name == "error", cursor.accept(".") != nil {
            let part = try cursor.word("domain, code or url after 'error.'")
            name += "." + part.text
            column = part.column
        }
        guard let property = OperationProperty(rawValue: name) else {
            throw LineError(
                column: column, "unknown property '\(name)'",
                hint: Suggestion.didYouMean(name, in: properties) ?? "properties are \(properties.joined(separator: ", "))")
        }
        let comparison = try parseComparison(&cursor, namesOnly: !property.isNumeric)
        if property == .data, comparison == .equal || comparison == .notEqual,
            let next = cursor.peek(), next.kind == .string || next.is("body")
        {
            return .dataContent(operation: operation, comparison, try parseDataContent(&cursor))
        }
        let value = try parseValue(&cursor, for: property, comparison: comparison)
        return .property(operation: operation, property, comparison, value)
    }

    /// `.state ==|!= running|suspended|canceling|completed`, after a session task's name.
    private mutating func parseTaskExpectation(_ cursor: inout TokenCursor, task: String) throws(LineError) -> ExpectationKind {
        let states = SessionTaskState.allCases.map(\.rawValue)
        let hint = "a session task has a state: \(states.joined(separator: ", ")); check the rest through its trace"
        try cursor.expect(".", "after the task", hint: "for example 'expect \(task).state == completed'")
        let property = try cursor.word("state", hint: hint)
        guard property.text == "state" else {
            throw LineError(column: property.column, "session task \(task) has no property \(property.quoted)", hint: hint)
        }
        let comparison = try parseComparison(&cursor, namesOnly: true)
        let value = try cursor.word("a task state", hint: hint)
        guard let state = SessionTaskState(rawValue: value.text) else {
            throw LineError(
                column: value.column, "unknown task state \(value.quoted)", hint: Suggestion.didYouMean(value.text, in: states) ?? hint)
        }
        return .taskState(task: task, comparison, state)
    }

    /// Checks that `token` names a property a block operation has: it has no request, so
    /// only its state, `cancelled` and `queued`.
    private func checkBlockProperty(_ token: Token, operation: String) throws(LineError) {
        let names = OperationProperty.blockOperationProperties.map(\.rawValue)
        guard !names.contains(token.text) else { return }
        throw LineError(
            column: token.column, "block operation \(operation) has no property \(token.quoted)",
            hint: Suggestion.didYouMean(token.text, in: names) ?? "a block operation has \(names.joined(separator: ", "))")
    }

    /// `"Field" ==|!= "value"|none`, after `A.header`.
    private mutating func parseHeaderExpectation(_ cursor: inout TokenCursor, operation: String) throws(LineError) -> ExpectationKind {
        let hint = "for example 'expect \(operation).header \"Range\" == \"bytes=4-\"'"
        let field = try cursor.string("a header field name in double quotes", hint: hint)
        let comparison = try parseComparison(&cursor, namesOnly: true)
        if cursor.accept("none") != nil { return .header(operation: operation, field: field.text, comparison, nil) }
        let value = try cursor.string("the header's value in double quotes, or none", hint: hint)
        return .header(operation: operation, field: field.text, comparison, value.text)
    }

    /// `==|!= [STATUS /from -> METHOD /to | STATUS /from -> refused, …]`, after `A.redirects`.
    private mutating func parseRedirectsExpectation(_ cursor: inout TokenCursor, operation: String) throws(LineError) -> ExpectationKind {
        let hint = "for example 'expect \(operation).redirects == [302 /old -> GET /new]', or [] for none"
        let comparison = try parseComparison(&cursor, namesOnly: true)
        try cursor.expect("[", "to open the list", hint: hint)
        var hops: [String] = []
        if cursor.accept("]") == nil {
            repeat {
                let status = try cursor.integer("the redirect's status", in: 300...399, hint: hint)
                let from = try parsePath(&cursor, allowQuery: true).text
                try cursor.expect("->", "after the redirecting path", hint: hint)
                let answer = try cursor.word("a method or 'refused' after '->'", hint: hint)
                if answer.text == "refused" {
                    hops.append("\(status) \(from) -> refused")
                } else {
                    guard Self.methods.contains(answer.text) else {
                        let choices = Self.methods + ["refused"]
                        throw LineError(
                            column: answer.column, "\(answer.quoted) is neither a method nor 'refused'",
                            hint: Suggestion.didYouMean(answer.text, in: choices) ?? "write the method of the request sent, or refused")
                    }
                    hops.append("\(status) \(from) -> \(answer.text) \(try parsePath(&cursor, allowQuery: true).text)")
                }
            } while cursor.accept(",") != nil
            try cursor.expect("]", "to close the list", hint: hint)
        }
        return .redirects(operation: operation, comparison, hops)
    }

    /// `body /path [from N]` (the route's body, whole or from byte N) or `"text"`.
    private mutating func parseDataContent(_ cursor: inout TokenCursor) throws(LineError) -> DataContent {
        if let text = cursor.peek(), text.kind == .string {
            _ = cursor.next()
            return DataContent(description: text.quoted, bytes: Array(text.text.utf8))
        }
        cursor.accept("body")
        let path = try parsePath(&cursor, allowQuery: false)
        let routeBody = statements.lazy.compactMap { statement -> RouteDeclaration? in
            if case let .route(route) = statement.kind, route.path == path.text { route } else { nil }
        }.first?.script.body
        guard let body = routeBody else {
            throw LineError(
                column: path.column, "no server route for \(path.text)",
                hint: declarationHint(for: path.text, otherwise: "declare it above, e.g. 'server GET \(path.text) -> 200 body 10 bytes'"))
        }
        guard cursor.accept("from") != nil else {
            return DataContent(description: "body \(path.text)", bytes: body.bytes(in: 0..<body.length))
        }
        let offset = try cursor.integer("the first byte", in: 0...body.length, hint: "the body of \(path.text) has \(body.length) bytes")
        return DataContent(description: "body \(path.text) from \(offset)", bytes: body.bytes(in: offset..<body.length))
    }

    /// `progress(A) == [(bytesRead, totalBytesRead, totalBytesExpected), …]`.
    mutating func parseProgressExpectation(_ cursor: inout TokenCursor) throws(LineError) -> ExpectationKind {
        let hint = "for example 'expect progress(A) == [(4, 4, 10), (6, 10, 10)]'"
        _ = cursor.next()
        try cursor.expect("(", "after 'progress'", hint: hint)
        let operation = try operationName(&cursor, "an operation")
        try cursor.expect(")", "after the operation")
        try cursor.expect("==", "after 'progress(\(operation))'", hint: hint)
        try cursor.expect("[", "to open the list", hint: "write the calls in brackets, or [] for none")
        var calls: [ProgressCall] = []
        if cursor.accept("]") == nil {
            repeat {
                try cursor.expect("(", "to open a call", hint: "each call is (bytesRead, totalBytesRead, totalBytesExpected)")
                let read = try cursor.integer("bytesRead", in: 0...100_000_000)
                try cursor.expect(",", "after bytesRead")
                let total = try cursor.integer("totalBytesRead", in: 0...100_000_000)
                try cursor.expect(",", "after totalBytesRead")
                let expected = try cursor.integer("totalBytesExpected", in: -1...100_000_000, hint: "-1 when the length is unknown")
                try cursor.expect(")", "to close the call")
                calls.append(ProgressCall(bytesRead: read, totalBytesRead: Int64(total), totalBytesExpected: Int64(expected)))
            } while cursor.accept(",") != nil
            try cursor.expect("]", "to close the list")
        }
        return .progress(operation: operation, calls)
    }

    /// The value a property is compared with.
    private mutating func parseValue(
        _ cursor: inout TokenCursor, for property: OperationProperty,
        comparison: Comparison
    ) throws(LineError) -> ExpectedValue {
        let names: [String]
        switch property {
        case .state: names = OperationState.allCases.map(\.description)
        case .error: names = Self.errorNames
        case .cancelled, .queued: names = ["true", "false"]
        case .completion: names = Self.completionNames
        case .bytes, .connections: names = []
        case .data, .status, .errorCode, .errorDomain, .errorURL, .url: names = ["none"]
        case .connection, .completionBlock: names = ["nil", "set"]
        case .outputStream: names = ["nil", "set"] + streams.map(\.name)
        }
        guard let token = cursor.peek(), [.word, .number, .string, .path].contains(token.kind) else {
            throw cursor.failure(expected: "a value for \(property.rawValue)")
        }
        if token.kind == .string || token.kind == .path, [.errorDomain, .errorURL, .url].contains(property) {
            _ = cursor.next()
            return .text(token.text)
        }
        if token.kind == .word, property == .errorDomain, token.text != "none" {
            _ = cursor.next()
            return .text(token.text)
        }
        if token.kind == .number, property.isNumeric || property == .error {
            let value = try cursor.integer("the value", in: -1_000_000...100_000_000)
            return .number(value)
        }
        guard token.kind == .word, names.contains(token.text) else {
            throw LineError(
                column: token.column, "\(token.quoted) is not a value of \(property.rawValue)",
                hint: Suggestion.didYouMean(token.text, in: names)
                    ?? "\(property.rawValue) is \(Self.valueChoices(of: property, names: names))")
        }
        if token.text == "none", comparison != .equal, comparison != .notEqual {
            throw LineError(column: token.column, "none can only be compared with == or !=")
        }
        _ = cursor.next()
        if property == .completion, token.text == "success", cursor.accept("+") != nil {
            let second = try cursor.word("'failure' after 'success+'", hint: "the value is success+failure: both blocks ran")
            guard second.text == "failure" else {
                throw LineError(
                    column: second.column, "\(second.quoted) cannot follow 'success+'",
                    hint: "the value is success+failure: both blocks ran")
            }
            return .word("success+failure")
        }
        return .word(token.text)
    }

    /// What a property's value can be, for a hint.
    private static func valueChoices(of property: OperationProperty, names: [String]) -> String {
        switch property {
        case .error: (names + ["a code such as -999"]).joined(separator: ", ")
        case .errorDomain: "a domain such as NSURLErrorDomain, or none"
        case .errorURL, .url: "a path such as /big, or none"
        case .data, .status, .errorCode: "a number, or none"
        default: names.isEmpty ? "a number" : names.joined(separator: ", ")
        }
    }
}
