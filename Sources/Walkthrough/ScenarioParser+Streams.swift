extension ScenarioParser {
    /// `stream NAME = memory | buffer N | file "PATH" | failing after N`.
    mutating func parseStream(_ cursor: inout TokenCursor, line: Int) throws(LineError) {
        let token = try cursor.word("a stream name after 'stream'", hint: "for example 'stream small = buffer 4'")
        try checkNewName(token, kind: "a stream")
        try checkUnusedName(token)
        streams.append((token.text, line))
        try cursor.expect("=", "after the stream name", hint: "for example 'stream small = buffer 4'")
        let kinds = ["memory", "buffer", "file", "failing"]
        let kindToken = try cursor.word("memory, buffer N, file \"PATH\" or failing after N")
        let kind: StreamDeclaration.Kind
        switch kindToken.text {
        case "memory": kind = .memory
        case "buffer": kind = .buffer(capacity: try cursor.integer("the buffer's capacity in bytes", in: 0...100_000_000))
        case "file": kind = .file(path: try cursor.string("the file's path in double quotes").text)
        case "failing":
            try cursor.expect("after", "after 'failing'", hint: "for example 'stream full-disk = failing after 4'")
            kind = .failing(after: try cursor.integer("how many bytes it takes", in: 0...100_000_000))
        default:
            throw LineError(
                column: kindToken.column, "unknown stream kind \(kindToken.quoted)",
                hint: Suggestion.didYouMean(kindToken.text, in: kinds) ?? "streams are memory, buffer N, file \"PATH\" and failing after N")
        }
        try cursor.end(after: "the stream")
        statements.append(ScenarioStatement(line: line, kind: .stream(StreamDeclaration(name: token.text, kind: kind))))
    }

    /// Consumes the name of a declared stream.
    mutating func streamName(_ cursor: inout TokenCursor, _ what: String) throws(LineError) -> String {
        let token = try cursor.word(what, hint: "streams are declared with 'stream NAME = buffer 4'")
        guard streams.contains(where: { $0.name == token.text }) else {
            throw LineError(
                column: token.column, "unknown stream \(token.quoted)",
                hint: Suggestion.didYouMean(token.text, in: streams.map(\.name))
                    ?? declarationHint(for: token.text, otherwise: "declare it with 'stream \(token.text) = memory'"))
        }
        return token.text
    }

    /// `S.status CMP notOpen|open|closed|error` or `S.written CMP N`, after the stream's name.
    mutating func parseStreamExpectation(_ cursor: inout TokenCursor, stream: String) throws(LineError) -> ExpectationKind {
        try cursor.expect(".", "after the stream", hint: "for example 'expect \(stream).status == closed'")
        let token = try cursor.word("status or written", hint: "a stream has status and written")
        switch token.text {
        case "status":
            let comparison = try parseComparison(&cursor, namesOnly: true)
            let value = try cursor.word("a stream status", hint: "statuses are \(StreamReport.statusNames.joined(separator: ", "))")
            guard StreamReport.statusNames.contains(value.text) else {
                throw LineError(
                    column: value.column, "\(value.quoted) is not a stream status",
                    hint: Suggestion.didYouMean(value.text, in: StreamReport.statusNames)
                        ?? "statuses are \(StreamReport.statusNames.joined(separator: ", "))")
            }
            return .stream(name: stream, .status, comparison, .word(value.text))
        case "written":
            let comparison = try parseComparison(&cursor, namesOnly: false)
            return .stream(name: stream, .written, comparison, .number(try cursor.integer("a number of bytes", in: 0...100_000_000)))
        default:
            throw LineError(
                column: token.column, "unknown stream property \(token.quoted)",
                hint: Suggestion.didYouMean(token.text, in: ["status", "written"]) ?? "a stream has status and written")
        }
    }
}
