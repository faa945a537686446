import AFReplay

/// Turns scenario text into a ``Scenario``, one line at a time.
///
/// Each line is cut into tokens and read as one statement; the first error on a line
/// becomes a diagnostic and parsing goes on with the next line, so one pass reports every
/// broken line. Names must be declared before they are used, which keeps the language
/// readable top to bottom and lets the parser point at the exact token that is unknown.
struct ScenarioParser {
    /// The statement keywords, in the order the reference lists them.
    static let keywords = [
        "fidelity", "strategy", "thread", "server", "queue", "op", "timer", "observe",
        "source", "port", "lock", "semaphore", "cell", "stream", "batch", "on", "when", "interleave", "run", "expect",
    ]

    /// Names that cannot name an operation or a thread, because `expect` lines would read
    /// ambiguously.
    static let reservedNames = ["outcome", "indicator", "checker", "notifications", "event", "not", "implies"]

    let fileName: String
    let lines: [String]
    // What has been read so far, and the names declared, each with its line.
    var diagnostics: [ScenarioDiagnostic] = []
    var statements: [ScenarioStatement] = []
    var expectations: [ScenarioExpectation] = []
    var fidelity: (value: Fidelity, line: Int)?
    var strategy: (value: ScenarioStrategy, line: Int)?
    var threads: [(name: String, line: Int)] = []
    var operations: [(name: String, line: Int)] = []
    /// The declared app locks and semaphores.
    var synchronizations: [(name: String, isLock: Bool, line: Int)] = []
    /// The declared cells.
    var cells: [(name: String, value: Int, line: Int)] = []
    /// The declared batches.
    var batches: [(name: String, line: Int)] = []
    /// The declared output streams.
    var streams: [(name: String, line: Int)] = []
    /// The operations declared as session tasks (`op t = task GET /path`).
    var tasks: [String] = []
    /// The operations declared as block operations (`op X = block`).
    var blockOperations: [String] = []
    var routes: [(method: String, path: String, line: Int)] = []
    var timers: [(name: String, line: Int)] = []
    /// The declared version-0 sources and ports, which share one set of names.
    var loopSources: [(name: String, kind: LoopSourceDeclaration.Kind, line: Int)] = []
    var observerNames: [String] = []
    /// The lines whose statement keyword was not understood, with their other words: such a
    /// line may have been meant to declare a name a later line uses.
    var unreadStatements: [(line: Int, keyword: String, words: [String])] = []
    /// Every declaration in the file, found before parsing (its keyword, the name, the line),
    /// so that a use above its declaration is told where the declaration is.
    let declarations: [(keyword: String, name: String, line: Int)]
    /// Each line's tokens, or why it does not lex, found once before parsing.
    private let lexedLines: [Result<[Token], LineError>]
    /// The line being parsed.
    var currentLine = 0
    /// The `checkpoint NAME` actions, each with its line.
    var checkpoints: [(name: String, line: Int)] = []
    var queueLine: Int?
    /// The `run until idle` / `run N steps` line, after which only `expect` may follow.
    var endingRun: (text: String, line: Int)?
    /// The line of the last `run` statement of any kind.
    var lastRunLine: Int?
    /// The main thread's timeline so far: the sum of the `run for` durations and of the
    /// `run mode M for D` durations of `on main:` lines.
    var timeline: Duration = .zero

    init(source: String, fileName: String) {
        self.fileName = fileName
        lines = source.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(String.init)
        lexedLines = lines.map { text in
            do throws(LineError) { return .success(try ScenarioLexer.tokens(of: Array(text))) } catch { return .failure(error) }
        }
        declarations = lexedLines.enumerated().compactMap { index, lexed in
            guard case let .success(tokens) = lexed, tokens.count > 1, Self.declaringKeywords.contains(tokens[0].text) else {
                return nil
            }
            return (tokens[0].text, tokens[1].text, index + 1)
        }
    }

    /// The statements that declare a name, written right after the keyword.
    static let declaringKeywords: Set = ["thread", "op", "timer", "source", "port", "lock", "semaphore", "cell", "stream", "batch"]

    /// The scenario, or every error found.
    mutating func parse() throws(ScenarioDiagnostics) -> Scenario {
        for index in lines.indices { parseLine(lexedLines[index], of: Array(lines[index]), number: index + 1) }
        if let lastRunLine {
            for expectation in expectations where expectation.line < lastRunLine {
                let column =
                    (lines[expectation.line - 1].firstIndex { $0 != " " && $0 != "\t" })
                    .map { lines[expectation.line - 1].distance(from: lines[expectation.line - 1].startIndex, to: $0) + 1 } ?? 1
                report(
                    LineError(
                        column: column,
                        "expect is checked when the run is over, so it must come after the last run line (line \(lastRunLine))",
                        hint: "move the expect lines to the end of the scenario"), line: expectation.line)
            }
        }
        guard diagnostics.isEmpty else { throw ScenarioDiagnostics(diagnostics) }
        return Scenario(
            fileName: fileName, sourceLines: lines, fidelity: fidelity?.value ?? .afn263,
            strategy: strategy?.value ?? .random(seed: 0), strategyLine: strategy?.line,
            statements: statements, expectations: expectations)
    }

    private mutating func parseLine(_ lexed: Result<[Token], LineError>, of characters: [Character], number: Int) {
        currentLine = number
        do throws(LineError) {
            let tokens = try lexed.get()
            guard !tokens.isEmpty else { return }
            var cursor = TokenCursor(tokens, endColumn: characters.count + 1)
            let text = String(characters[(tokens[0].column - 1)..<(tokens[tokens.count - 1].endColumn - 1)])
            try statement(&cursor, line: number, text: text)
        } catch {
            report(error, line: number)
        }
    }

    /// Records `error` as a diagnostic of `line`.
    mutating func report(_ error: LineError, line: Int) {
        diagnostics.append(
            ScenarioDiagnostic(
                fileName: fileName, location: SourceLocation(line: line, column: error.column),
                message: error.message, hint: error.hint, sourceLine: lines[line - 1]))
    }

    private mutating func statement(_ cursor: inout TokenCursor, line: Int, text: String) throws(LineError) {
        if let first = cursor.peek(), cursor.peek(1)?.is("depends") == true, operations.contains(where: { $0.name == first.text }) {
            return try parseDependency(&cursor, line: line)
        }
        let keyword = try cursor.word("a statement", hint: "statements begin with \(Self.keywords.joined(separator: ", "))")
        guard Self.keywords.contains(keyword.text) else {
            unreadStatements.append((line, keyword.text, cursor.remaining.map(\.text)))
            throw LineError(
                column: keyword.column, "unknown statement \(keyword.quoted)",
                hint: Suggestion.didYouMean(keyword.text, in: Self.keywords)
                    ?? "statements begin with \(Self.keywords.joined(separator: ", "))")
        }
        if let endingRun, keyword.text != "expect" {
            throw LineError(
                column: keyword.column, "nothing runs after '\(endingRun.text)' on line \(endingRun.line)",
                hint: "only expect lines may follow it; 'run for D' runs part of the way and goes on")
        }
        switch keyword.text {
        case "fidelity": try parseFidelity(&cursor, line: line)
        case "strategy": try parseStrategy(&cursor, line: line)
        case "thread": try parseThread(&cursor, line: line)
        case "server": try parseRoute(&cursor, line: line)
        case "queue": try parseQueue(&cursor, line: line)
        case "op": try parseOperation(&cursor, line: line)
        case "timer": try parseTimer(&cursor, line: line)
        case "observe": try parseObserver(&cursor, line: line)
        case "source": try parseLoopSource(&cursor, kind: .source, line: line)
        case "port": try parseLoopSource(&cursor, kind: .port, line: line)
        case "stream": try parseStream(&cursor, line: line)
        case "batch": try parseBatch(&cursor, line: line)
        case "lock": try parseSynchronization(&cursor, isLock: true, line: line)
        case "semaphore": try parseSynchronization(&cursor, isLock: false, line: line)
        case "cell": try parseCell(&cursor, line: line)
        case "on": try parseActions(&cursor, line: line)
        case "when": try parseTrigger(&cursor, line: line)
        case "interleave": try parseInterleave(&cursor, line: line)
        case "run": try parseRun(&cursor, line: line)
        default: try parseExpectation(&cursor, line: line, text: text)
        }
    }

    // MARK: Names

    /// The threads a line may name: `main`, `AFNetworking`, and the declared ones.
    var knownThreads: [String] { ["main", "AFNetworking"] + threads.map(\.name) }

    /// Consumes the name of a known thread.
    mutating func threadName(_ cursor: inout TokenCursor, _ what: String) throws(LineError) -> String {
        let token = try cursor.word(what, hint: "threads are main, AFNetworking and those declared with 'thread NAME'")
        guard knownThreads.contains(token.text) else {
            throw LineError(
                column: token.column, "unknown thread \(token.quoted)",
                hint: Suggestion.didYouMean(token.text, in: knownThreads)
                    ?? declarationHint(for: token.text, otherwise: "declare it with 'thread \(token.text)'"))
        }
        return token.text
    }

    /// Consumes the name of a declared session task: an operation is refused, since it pauses
    /// rather than suspends.
    mutating func taskName(_ cursor: inout TokenCursor, _ what: String) throws(LineError) -> String {
        let column = cursor.column
        let name = try operationName(&cursor, what, allowingTasks: true, allowingBlocks: true)
        guard tasks.contains(name) else {
            throw LineError(
                column: column, "'\(name)' is an operation, not a session task: only tasks are suspended",
                hint: "an operation pauses and resumes: 'pause \(name)'; a task is declared with 'op t = task GET /path'")
        }
        return name
    }

    /// Consumes the name of a declared operation; a session task is refused unless
    /// `allowingTasks`, since it has no pause, queue, state observers or operation properties,
    /// and a block operation unless `allowingBlocks`, since it has no request.
    mutating func operationName(
        _ cursor: inout TokenCursor, _ what: String, allowingTasks: Bool = false, allowingBlocks: Bool = false
    ) throws(LineError) -> String {
        let token = try cursor.word(what, hint: "operations are declared with 'op NAME = http GET /path'")
        guard operations.contains(where: { $0.name == token.text }) else {
            throw LineError(
                column: token.column, "unknown operation \(token.quoted)",
                hint: Suggestion.didYouMean(token.text, in: operations.map(\.name))
                    ?? declarationHint(for: token.text, otherwise: "declare it with 'op \(token.text) = http GET /path'"))
        }
        if !allowingTasks, tasks.contains(token.text) {
            throw LineError(
                column: token.column, "\(token.quoted) is a session task, which can only be started, resumed, suspended and cancelled",
                hint: "expect its state with 'expect \(token.text).state == completed', the rest through its trace")
        }
        if !allowingBlocks, blockOperations.contains(token.text) {
            throw LineError(
                column: token.column,
                "\(token.quoted) is a block operation, which can only be started, cancelled, enqueued and depended on",
                hint: "it has no request; expect its state, cancelled and queued")
        }
        return token.text
    }

    /// The hint for `name`, which nothing of the kind wanted declares above: the line that
    /// declares it below, to move up, or above as another kind of name; else a line whose
    /// statement was not understood that mentions it, the one to fix; else `otherwise`.
    func declarationHint(for name: String, otherwise: String) -> String {
        if let declared = declarations.first(where: { $0.name == name && $0.line != currentLine }) {
            guard declared.line > currentLine else {
                return "'\(name)' is declared on line \(declared.line) by '\(declared.keyword) \(name)', which is another kind of name"
            }
            return
                "'\(declared.keyword) \(name)' is declared on line \(declared.line), below this use: move that line above line \(currentLine)"
        }
        guard let unread = unreadStatements.first(where: { $0.words.contains(name) }) else { return otherwise }
        return "line \(unread.line) mentions '\(name)', but its statement '\(unread.keyword)' is unknown: fix that line first"
    }

    /// Checks that `token` names no operation, stream or batch yet: the three share one set
    /// of names.
    func checkUnusedName(_ token: Token) throws(LineError) {
        if let earlier = (operations + streams + batches).first(where: { $0.name == token.text }) {
            throw LineError(column: token.column, "\(token.quoted) is already declared on line \(earlier.line)")
        }
    }

    /// Checks that `token` can name a new thread or operation.
    func checkNewName(_ token: Token, kind: String) throws(LineError) {
        if Self.reservedNames.contains(token.text) || Self.keywords.contains(token.text) {
            throw LineError(column: token.column, "\(token.quoted) is a keyword and cannot name \(kind)", hint: "choose another name")
        }
    }
}
