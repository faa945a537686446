/// Cuts one scenario line into ``Token``s. A `#` outside a string starts a comment that runs
/// to the end of the line, except `#` directly followed by a digit right after a string:
/// that is the `#` of an occurrence (`"perform.run" #2`).
enum ScenarioLexer {
    /// The two-character symbols, tried before the one-character ones.
    private static let pairs: [String] = ["->", "==", "!=", "<=", ">="]
    /// The one-character symbols.
    private static let singles: [Character] = ["=", ":", ";", ",", ".", "[", "]", "(", ")", "<", ">", "+"]

    /// The tokens of `line`.
    ///
    /// - Throws: ``LineError`` at the first character that starts no token, or at the
    ///   opening quote of a string that is not closed.
    static func tokens(of line: [Character]) throws(LineError) -> [Token] {
        var tokens: [Token] = []
        var index = 0
        while index < line.count {
            let character = line[index]
            let column = index + 1
            if character == " " || character == "\t" {
                index += 1
            } else if character == "#", index + 1 < line.count, isDigit(line[index + 1]), tokens.last?.kind == .string {
                tokens.append(Token(kind: .symbol, text: "#", column: column, endColumn: column + 1))
                index += 1
            } else if character == "#" {
                break
            } else if character == "\"" {
                let (text, end) = try string(in: line, from: index)
                tokens.append(Token(kind: .string, text: text, column: column, endColumn: end + 1))
                index = end
            } else if isWordStart(character) {
                let end = scan(line, from: index + 1) { at in
                    isWordCharacter(line[at]) && !(line[at] == "-" && at + 1 < line.count && line[at + 1] == ">")
                }
                tokens.append(Token(kind: .word, text: String(line[index..<end]), column: column, endColumn: end + 1))
                index = end
            } else if isDigit(character) || (character == "-" && index + 1 < line.count && isDigit(line[index + 1])) {
                let digitsEnd = scan(line, from: index + 1) { isDigit(line[$0]) }
                let end = scan(line, from: digitsEnd) { line[$0].isASCII && line[$0].isLetter }
                tokens.append(Token(kind: .number, text: String(line[index..<end]), column: column, endColumn: end + 1))
                index = end
            } else if character == "/" {
                let end = scan(line, from: index + 1) { !" \t,;#]".contains(line[$0]) }
                tokens.append(Token(kind: .path, text: String(line[index..<end]), column: column, endColumn: end + 1))
                index = end
            } else if index + 1 < line.count, pairs.contains(String(line[index...index + 1])) {
                tokens.append(Token(kind: .symbol, text: String(line[index...index + 1]), column: column, endColumn: column + 2))
                index += 2
            } else if singles.contains(character) {
                tokens.append(Token(kind: .symbol, text: String(character), column: column, endColumn: column + 1))
                index += 1
            } else {
                throw LineError(
                    column: column, "unexpected character \(describe(character))",
                    hint: "names are ASCII letters, digits, '_' and '-'; put other text in double quotes")
            }
        }
        return tokens
    }

    /// The contents of the string whose opening quote is at `start`, and the index after its
    /// closing quote.
    private static func string(in line: [Character], from start: Int) throws(LineError) -> (String, Int) {
        var text = ""
        var index = start + 1
        while index < line.count {
            let character = line[index]
            if character == "\"" { return (text, index + 1) }
            if character == "\\" {
                guard index + 1 < line.count else { break }
                switch line[index + 1] {
                case "\"": text.append("\"")
                case "\\": text.append("\\")
                case "n": text.append("\n")
                case "t": text.append("\t")
                default:
                    throw LineError(
                        column: index + 1, "unknown escape \\\(line[index + 1]) in a string",
                        hint: "the escapes are \\\", \\\\, \\n and \\t")
                }
                index += 2
            } else {
                text.append(character)
                index += 1
            }
        }
        throw LineError(column: start + 1, "unterminated string", hint: "close it with a double quote on the same line")
    }

    private static func scan(_ line: [Character], from start: Int, while accepts: (Int) -> Bool) -> Int {
        var end = start
        while end < line.count, accepts(end) { end += 1 }
        return end
    }

    private static func isWordStart(_ character: Character) -> Bool {
        character == "_" || (character.isASCII && character.isLetter)
    }

    private static func isWordCharacter(_ character: Character) -> Bool {
        isWordStart(character) || isDigit(character) || character == "-"
    }

    private static func isDigit(_ character: Character) -> Bool {
        character.isASCII && character.isWholeNumber
    }

    /// `'x'` for a visible character, `U+0007` for the others.
    private static func describe(_ character: Character) -> String {
        let scalars = character.unicodeScalars
        let visible = scalars.allSatisfy {
            !$0.properties.isWhitespace && $0.properties.generalCategory != .control
                && $0.properties.generalCategory != .format && $0.properties.generalCategory != .unassigned
        }
        if visible { return "'\(character)'" }
        return scalars.map { scalar in
            let hex = String(scalar.value, radix: 16, uppercase: true)
            return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        }.joined(separator: " ")
    }
}
