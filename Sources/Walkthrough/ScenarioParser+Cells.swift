extension ScenarioParser {
    /// `cell NAME [value N]`.
    mutating func parseCell(_ cursor: inout TokenCursor, line: Int) throws(LineError) {
        let token = try cursor.name("a cell name after 'cell'", hint: "for example 'cell count'")
        if let earlier = cells.first(where: { $0.name == token.text }) {
            throw LineError(column: token.column, "\(token.quoted) is already declared on line \(earlier.line)")
        }
        var value = 0
        if cursor.accept("value") != nil { value = try cursor.integer("the cell's value", in: -1_000_000...1_000_000) }
        try cursor.end(after: "the cell", hint: "a cell takes only 'value N'")
        cells.append((token.text, value, line))
        statements.append(ScenarioStatement(line: line, kind: .cell(CellDeclaration(name: token.text, value: value))))
    }

    /// `C.value CMP N`, after the cell's name.
    mutating func parseCellExpectation(_ cursor: inout TokenCursor, cell: String) throws(LineError) -> ExpectationKind {
        try cursor.expect(".", "after the cell", hint: "for example 'expect \(cell).value == 2'")
        let token = try cursor.word("value", hint: "a cell has value")
        guard token.text == "value" else {
            throw LineError(
                column: token.column, "unknown cell property \(token.quoted)",
                hint: Suggestion.didYouMean(token.text, in: ["value"]) ?? "a cell has value")
        }
        let comparison = try parseComparison(&cursor, namesOnly: false)
        let value = try cursor.integer("a number", in: -1_000_000_000...1_000_000_000)
        let initial = cells.first { $0.name == cell }?.value ?? 0
        return .cell(name: cell, initial: initial, comparison, value)
    }

    /// Consumes the name of a declared cell after `word`.
    mutating func cellName(_ cursor: inout TokenCursor, after word: String) throws(LineError) -> String {
        let token = try cursor.name("a cell name after '\(word)'", hint: "declare one with 'cell NAME'")
        let declared = cells.map(\.name)
        guard declared.contains(token.text) else {
            throw LineError(
                column: token.column, "unknown cell \(token.quoted)",
                hint: Suggestion.didYouMean(token.text, in: declared)
                    ?? declarationHint(for: token.text, otherwise: "declare it with 'cell \(token.text)'"))
        }
        return token.text
    }
}
