import LabRuntime
import RunLoopKit

/// Reads the tokens of one line in order, with the checks every statement needs; each
/// failure is a ``LineError`` at the token that is wrong, or at the end of the line when
/// one is missing.
struct TokenCursor {
    private let tokens: [Token]
    private var index = 0
    /// The column just past the line's last character.
    let endColumn: Int

    init(_ tokens: [Token], endColumn: Int) {
        self.tokens = tokens
        self.endColumn = endColumn
    }

    /// The next token, not consumed.
    func peek(_ offset: Int = 0) -> Token? {
        index + offset < tokens.count ? tokens[index + offset] : nil
    }

    /// The tokens not yet consumed, in order.
    var remaining: ArraySlice<Token> { tokens[min(index, tokens.count)...] }

    /// The column of the next token, or the end of the line.
    var column: Int { peek()?.column ?? endColumn }

    /// The column just past the last token consumed (1 before any).
    var consumedEndColumn: Int { index > 0 ? tokens[min(index, tokens.count) - 1].endColumn : 1 }

    /// Consumes and returns the next token.
    mutating func next() -> Token? {
        defer { index += 1 }
        return peek()
    }

    /// Consumes the next token if it is the word or symbol `text`.
    @discardableResult
    mutating func accept(_ text: String) -> Token? {
        guard let token = peek(), token.is(text) else { return nil }
        index += 1
        return token
    }

    /// An error at the next token (or the end of the line): `expected WHAT, found X`.
    func failure(expected what: String, hint: String? = nil) -> LineError {
        let found = peek().map { "found \($0.quoted)" } ?? "found the end of the line"
        return LineError(column: column, "expected \(what), \(found)", hint: hint)
    }

    /// Consumes the word or symbol `text`.
    @discardableResult
    mutating func expect(_ text: String, _ context: String, hint: String? = nil) throws(LineError) -> Token {
        guard let token = accept(text) else { throw failure(expected: "'\(text)' \(context)", hint: hint) }
        return token
    }

    /// Consumes a word.
    mutating func word(_ what: String, hint: String? = nil) throws(LineError) -> Token {
        guard let token = peek(), token.kind == .word else { throw failure(expected: what, hint: hint) }
        index += 1
        return token
    }

    /// Consumes a word or a string: a name that may need quoting.
    mutating func name(_ what: String, hint: String? = nil) throws(LineError) -> Token {
        guard let token = peek(), token.kind == .word || token.kind == .string else { throw failure(expected: what, hint: hint) }
        index += 1
        return token
    }

    /// Consumes a string.
    mutating func string(_ what: String, hint: String? = nil) throws(LineError) -> Token {
        guard let token = peek(), token.kind == .string else { throw failure(expected: what, hint: hint) }
        index += 1
        return token
    }

    /// Consumes a whole number in `range`.
    mutating func integer(_ what: String, in range: ClosedRange<Int>, hint: String? = nil) throws(LineError) -> Int {
        guard let token = peek(), token.kind == .number else { throw failure(expected: what, hint: hint) }
        guard let value = Int(token.text), range.contains(value) else {
            throw LineError(
                column: token.column, "\(what) must be a whole number from \(range.lowerBound) to \(range.upperBound), not \(token.quoted)",
                hint: hint)
        }
        index += 1
        return value
    }

    /// Consumes a seed: a whole number from 0 to 2⁶⁴ − 1.
    mutating func seed(_ what: String) throws(LineError) -> UInt64 {
        guard let token = peek(), token.kind == .number else { throw failure(expected: what) }
        guard let value = UInt64(token.text) else {
            throw LineError(column: token.column, "\(what) must be a whole number from 0 to \(UInt64.max), not \(token.quoted)")
        }
        index += 1
        return value
    }

    /// Consumes a duration such as `5ms`.
    mutating func duration(_ what: String) throws(LineError) -> Duration {
        let hint = "write a whole number and a unit: 5ms, 2s, 250us or 100ns (at most 3600s)"
        guard let token = peek(), token.kind == .number else { throw failure(expected: what, hint: hint) }
        switch DurationText.parse(token.text) {
        case let .success(duration):
            index += 1
            return duration
        case .failure(.noUnit):
            if let next = peek(1), DurationText.units.contains(where: { $0.name == next.text }) {
                throw LineError(
                    column: token.column, "\(token.quoted) is a number without its unit",
                    hint: "write the unit right after the number, with no space: '\(token.text)\(next.text)'")
            }
            throw LineError(column: token.column, "\(token.quoted) has no unit", hint: hint)
        case let .failure(.unknownUnit(unit)):
            throw LineError(column: token.column, "\(token.quoted) has an unknown unit '\(unit)'", hint: hint)
        case .failure(.tooLong):
            throw LineError(
                column: token.column,
                "\(token.quoted) is longer than \(DurationText.format(DurationText.limit)), the longest duration a scenario may name",
                hint: "a scenario runs at most an hour of virtual time")
        }
    }

    /// Consumes `modes M, M, …` if present; nil when the next token is not `modes`.
    mutating func modes(allowCommon: Bool = true) throws(LineError) -> [RunLoopMode]? {
        guard accept("modes") != nil else { return nil }
        var modes: [RunLoopMode] = []
        repeat {
            let token = try name("a mode name after 'modes'", hint: "modes are default, common, tracking, or any other name")
            let mode = ModeName.mode(token)
            if mode == .common, !allowCommon {
                throw LineError(
                    column: token.column, "common is not a mode that can be used here",
                    hint: "kCFRunLoopCommonModes is a tag for adding items to every common mode; name a real mode such as default")
            }
            if !modes.contains(mode) { modes.append(mode) }
        } while accept(",") != nil
        return modes
    }

    /// Checks that the line has nothing more.
    mutating func end(after what: String, hint: String? = nil) throws(LineError) {
        guard let token = peek() else { return }
        throw LineError(column: token.column, "unexpected \(token.quoted) after \(what)", hint: hint)
    }
}
