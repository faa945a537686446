import AFReplay

extension ScenarioParser {
    /// `thread NAME [without port]`.
    mutating func parseThread(_ cursor: inout TokenCursor, line: Int) throws(LineError) {
        let token = try cursor.word("a thread name after 'thread'")
        if token.text == "main" || token.text == NetworkThread.name {
            throw LineError(
                column: token.column, "\(token.quoted) already exists",
                hint: "main and AFNetworking are always there; use them without declaring them")
        }
        try checkNewName(token, kind: "a thread")
        if let earlier = threads.first(where: { $0.name == token.text }) {
            throw LineError(column: token.column, "thread \(token.quoted) is already declared on line \(earlier.line)")
        }
        threads.append((token.text, line))
        var keepAlive = true
        if cursor.accept("without") != nil {
            try cursor.expect("port", "after 'without'")
            keepAlive = false
        }
        try cursor.end(after: "the thread")
        statements.append(ScenarioStatement(line: line, kind: .thread(ThreadDeclaration(name: token.text, keepAlive: keepAlive))))
    }

    /// `queue max N|unlimited`.
    mutating func parseQueue(_ cursor: inout TokenCursor, line: Int) throws(LineError) {
        let keyword = try cursor.expect("max", "after 'queue'", hint: "write 'queue max 1' for a serial queue")
        let limit = cursor.accept("unlimited") != nil ? -1 : try cursor.integer("the most operations at once", in: 0...64)
        if let queueLine {
            throw LineError(column: keyword.column, "the queue is already declared on line \(queueLine)", hint: "a scenario has one queue")
        }
        try cursor.end(after: "the queue")
        queueLine = line
        statements.append(ScenarioStatement(line: line, kind: .queue(maxConcurrent: limit)))
    }
}
