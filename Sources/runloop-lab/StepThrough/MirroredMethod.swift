/// The Swift declaration around a line of the lab's source, and the AFNetworking 2.6.3 or
/// CFRunLoop name its DocC comment says it mirrors: the title of the code panel.
///
/// Found from the text alone: the nearest declaration above the line that encloses it
/// (`func`, `init`, `deinit`, `subscript` or a computed `var`), the `///` lines just above
/// that, and in them the mirrored name (the backticked name the comment opens with, else
/// the first CF or Objective-C name) and the original file and lines (`UCO.m 459-478`).
struct MirroredMethod: Sendable, Equatable {
    /// The mirrored name, `operationDidStart`, or the Swift name when the comment names none.
    let name: String
    /// Where the original is, `AFURLConnectionOperation.m 459–478` or `CFRunLoop.c`, if known.
    let original: String?
    /// The declaration's first and last lines, from 1.
    let lines: ClosedRange<Int>

    /// `operationDidStart — AFURLConnectionOperation.m 459–478`.
    var title: String { name + (original.map { " — " + $0 } ?? "") }

    /// The spec's abbreviations of AFNetworking 2.6.3's files.
    static let originalFiles: [(abbreviation: String, file: String)] = [
        ("UCO", "AFURLConnectionOperation"), ("HROM", "AFHTTPRequestOperationManager"), ("HRO", "AFHTTPRequestOperation"),
        ("USM", "AFURLSessionManager"), ("NAIM", "AFNetworkActivityIndicatorManager"),
    ]

    /// The declaration that encloses line `line` (from 1) of `source`, or nil outside any.
    init?(enclosing line: Int, in source: [Substring]) {
        guard line >= 1, line <= source.count else { return nil }
        let target = Self.indentation(of: source[line - 1])
        var candidate = line - 1
        var found: (start: Int, end: Int)?
        while candidate >= 0, found == nil {
            let text = source[candidate]
            if Self.isDeclaration(text), candidate == line - 1 || Self.indentation(of: text) < target {
                let end = Self.end(ofDeclarationAt: candidate, in: source)
                if end >= line - 1 { found = (candidate, end) }
            }
            candidate -= 1
        }
        guard let (start, end) = found else { return nil }
        var comment: [Substring] = []
        var above = start - 1
        while above >= 0 {
            let text = source[above].drop { $0 == " " }
            if text.hasPrefix("///") {
                comment.insert(text.dropFirst(3), at: 0)
            } else if !text.hasPrefix("@") {
                break
            }
            above -= 1
        }
        let doc = comment.map { $0.drop { $0 == " " } }.joined(separator: " ").replacing("``", with: "")
        name = Self.mirroredName(in: doc, declaration: source[start]) ?? Self.swiftName(source[start])
        original = Self.originalPlace(in: doc, name: name)
        lines = (start + 1)...(end + 1)
    }

    /// The line (from 0) of the `}` that closes the declaration starting at `start`: the next
    /// line as indented as it that begins with `}`, else the last line.
    private static func end(ofDeclarationAt start: Int, in source: [Substring]) -> Int {
        let indent = indentation(of: source[start])
        if source[start].hasSuffix("}") { return start }
        var end = start
        while end + 1 < source.count {
            end += 1
            let text = source[end]
            if indentation(of: text) == indent, text.drop(while: { $0 == " " }).hasPrefix("}") { break }
        }
        return end
    }

    private static func indentation(of text: Substring) -> Int {
        text.prefix { $0 == " " }.count
    }

    private static let modifiers: Set<Substring> = [
        "public", "private", "fileprivate", "internal", "package", "open", "static", "class", "final", "override",
        "convenience", "required", "mutating",
        "nonmutating", "nonisolated", "@inlinable", "@discardableResult", "@inline(__always)", "@usableFromInline",
    ]

    /// The words of a declaration line after its modifiers.
    private static func declarationWords(_ text: Substring) -> ArraySlice<Substring> {
        let words = text.split(separator: " ")
        return words.drop { modifiers.contains($0) || $0.hasPrefix("private(") }
    }

    private static func isDeclaration(_ text: Substring) -> Bool {
        guard let first = declarationWords(text).first else { return false }
        if first == "func" || first == "deinit" || first.hasPrefix("init") || first.hasPrefix("subscript") { return true }
        return first == "var" && (text.hasSuffix("{") || (text.contains("{") && text.hasSuffix("}")))
    }

    /// `operationDidStart` for `func operationDidStart() {`.
    private static func swiftName(_ declaration: Substring) -> String {
        let words = declarationWords(declaration)
        let named = words.first == "func" || words.first == "var" ? words.dropFirst() : words
        return String((named.first ?? "").prefix { $0.isLetter || $0.isNumber || $0 == "_" })
    }

    /// The backticked name the comment opens with (unless it is one of the declaration's
    /// parameters, as in "`runtime`'s value"), else its first CF name or Objective-C
    /// selector.
    private static func mirroredName(in doc: String, declaration: Substring) -> String? {
        let spans = doc.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map {
            String($0.element)
        }
        if doc.hasPrefix("`"), let first = spans.first, !first.isEmpty, !doc.hasPrefix("`\(first)`'"),
            !declaration.contains(" \(first):"), !declaration.contains("(\(first):")
        {
            return first
        }
        return spans.first { $0.hasPrefix("CF") || $0.hasPrefix("__CF") || $0.hasPrefix("_CF") || $0.contains(":") }
    }

    /// `AFURLConnectionOperation.m 459–478` for `UCO.m 459-478` in the comment, `CFRunLoop.c`
    /// for a CFRunLoop name, or nil.
    private static func originalPlace(in doc: String, name: String) -> String? {
        let words = doc.split(whereSeparator: { $0 == " " || $0 == "(" || $0 == "," }).map(String.init)
        for (index, word) in words.enumerated() {
            guard let known = originalFiles.first(where: { word == $0.abbreviation + ".m" || word == $0.abbreviation + ".h" }) else {
                continue
            }
            let file = known.file + word.dropFirst(known.abbreviation.count)
            let range = index + 1 < words.count ? String(words[index + 1].prefix { $0.isNumber || $0 == "-" }) : ""
            return range.first?.isNumber == true ? file + " " + String(range.map { $0 == "-" ? "–" : $0 }) : file
        }
        let cfName = name.drop { $0 == "_" }
        return cfName.hasPrefix("CFRunLoop") ? "CFRunLoop.c" : nil
    }
}
