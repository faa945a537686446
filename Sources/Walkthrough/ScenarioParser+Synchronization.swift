extension ScenarioParser {
    /// `lock NAME [recursive]` | `semaphore NAME [value N]`.
    mutating func parseSynchronization(_ cursor: inout TokenCursor, isLock: Bool, line: Int) throws(LineError) {
        let kindName = isLock ? "lock" : "semaphore"
        let token = try cursor.name(
            "a \(kindName) name after '\(kindName)'", hint: isLock ? "for example 'lock cache'" : "for example 'semaphore done'")
        if let earlier = synchronizations.first(where: { $0.name == token.text })
            ?? loopSources.first(where: { $0.name == token.text }).map({ ($0.name, false, $0.line) })
        {
            throw LineError(column: token.column, "\(token.quoted) is already declared on line \(earlier.line)")
        }
        synchronizations.append((token.text, isLock, line))
        let kind: SynchronizationDeclaration.Kind
        if isLock {
            kind = .lock(recursive: cursor.accept("recursive") != nil)
        } else if cursor.accept("value") != nil {
            kind = .semaphore(value: try cursor.integer("the semaphore's value", in: 0...1_000_000))
        } else {
            kind = .semaphore(value: 0)
        }
        try cursor.end(after: "the \(kindName)", hint: isLock ? "a lock takes only 'recursive'" : "a semaphore takes only 'value N'")
        statements.append(ScenarioStatement(line: line, kind: .synchronization(SynchronizationDeclaration(name: token.text, kind: kind))))
    }

    /// Consumes the name of a declared lock (`isLock`) or semaphore.
    mutating func synchronizationName(_ cursor: inout TokenCursor, isLock: Bool, after word: String) throws(LineError) -> String {
        let kindName = isLock ? "lock" : "semaphore"
        let token = try cursor.name("a \(kindName) name after '\(word)'", hint: "declare one with '\(kindName) NAME'")
        let declared = synchronizations.filter { $0.isLock == isLock }.map(\.name)
        guard declared.contains(token.text) else {
            throw LineError(
                column: token.column, "unknown \(kindName) \(token.quoted)",
                hint: Suggestion.didYouMean(token.text, in: declared)
                    ?? declarationHint(for: token.text, otherwise: "declare it with '\(kindName) \(token.text)'"))
        }
        return token.text
    }
}
