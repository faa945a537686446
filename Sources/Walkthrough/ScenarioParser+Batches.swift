extension ScenarioParser {
    /// `batch NAME = A, B, …`.
    mutating func parseBatch(_ cursor: inout TokenCursor, line: Int) throws(LineError) {
        let token = try cursor.word("a batch name after 'batch'", hint: "for example 'batch both = A, B'")
        try checkNewName(token, kind: "a batch")
        try checkUnusedName(token)
        batches.append((token.text, line))
        try cursor.expect("=", "after the batch name", hint: "for example 'batch \(token.text) = A, B'")
        var members: [String] = []
        repeat {
            let column = cursor.column
            let member = try operationName(&cursor, "an operation of the batch")
            if members.contains(member) {
                throw LineError(column: column, "'\(member)' is already in the batch")
            }
            members.append(member)
        } while cursor.accept(",") != nil
        try cursor.end(after: "the batch's operations")
        statements.append(ScenarioStatement(line: line, kind: .batch(name: token.text, members: members)))
    }

    /// `A depends on B`.
    mutating func parseDependency(_ cursor: inout TokenCursor, line: Int) throws(LineError) {
        let operation = try operationName(&cursor, "an operation", allowingBlocks: true)
        try cursor.expect("depends", "after the operation")
        try cursor.expect("on", "after 'depends'", hint: "for example '\(operation) depends on B'")
        let column = cursor.column
        let dependency = try operationName(&cursor, "the operation it depends on", allowingBlocks: true)
        if dependency == operation {
            throw LineError(column: column, "an operation cannot depend on itself", hint: "NSOperation would never make it ready")
        }
        try cursor.end(after: "the dependency")
        statements.append(ScenarioStatement(line: line, kind: .dependency(operation: operation, on: dependency)))
    }

    /// `Z.progress == [(finished, total), …]` or `Z.completed ==|!= true|false`, after the
    /// batch's name.
    mutating func parseBatchExpectation(_ cursor: inout TokenCursor, batch: String) throws(LineError) -> ExpectationKind {
        try cursor.expect(".", "after the batch", hint: "for example 'expect \(batch).completed == true'")
        let token = try cursor.word("progress or completed", hint: "a batch has progress and completed")
        switch token.text {
        case "progress":
            try cursor.expect("==", "after 'progress'", hint: "for example 'expect \(batch).progress == [(1, 2), (2, 2)]'")
            try cursor.expect("[", "to open the list", hint: "write the calls in brackets, or [] for none")
            var calls: [BatchProgress] = []
            if cursor.accept("]") == nil {
                repeat {
                    try cursor.expect("(", "to open a call", hint: "each call is (numberOfFinishedOperations, totalNumberOfOperations)")
                    let finished = try cursor.integer("the finished operations", in: 0...10_000)
                    try cursor.expect(",", "after the finished operations")
                    let total = try cursor.integer("the batch's operations", in: 0...10_000)
                    try cursor.expect(")", "to close the call")
                    calls.append(BatchProgress(finished: finished, total: total))
                } while cursor.accept(",") != nil
                try cursor.expect("]", "to close the list")
            }
            return .batchProgress(name: batch, calls)
        case "completed":
            let comparison = try parseComparison(&cursor, namesOnly: true)
            let value = try cursor.word("true or false")
            guard value.text == "true" || value.text == "false" else {
                throw LineError(
                    column: value.column, "\(value.quoted) is not a value of completed",
                    hint: Suggestion.didYouMean(value.text, in: ["true", "false"]) ?? "completed is true or false")
            }
            return .batchCompleted(name: batch, comparison, value.text == "true")
        default:
            throw LineError(
                column: token.column, "unknown batch property \(token.quoted)",
                hint: Suggestion.didYouMean(token.text, in: ["progress", "completed"]) ?? "a batch has progress and completed")
        }
    }
}
