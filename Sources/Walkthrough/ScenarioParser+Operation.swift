import NetSim
import RunLoopKit

extension ScenarioParser {
    /// `op NAME = (http|connection|task) METHOD /path [modes …] [timeout D] [completion]
    /// [stream S] [redirect follow|refuse|to /path] [on THREAD]`; a `task` takes no `modes`,
    /// `stream` or `redirect` (its connection runs in the loader thread's default mode).
    /// `op NAME = block` is an `NSBlockOperation`, with nothing after `block`; `op NAME = copy
    /// A` and `op NAME = archive A` copy or archive and unarchive a declared operation.
    mutating func parseOperation(_ cursor: inout TokenCursor, line: Int) throws(LineError) {
        let token = try cursor.word("an operation name after 'op'")
        try checkNewName(token, kind: "an operation")
        if let earlier = operations.first(where: { $0.name == token.text }) {
            throw LineError(column: token.column, "operation \(token.quoted) is already declared on line \(earlier.line)")
        }
        try checkUnusedName(token)
        operations.append((token.text, line))
        try cursor.expect("=", "after the operation name", hint: "for example 'op A = http GET /big'")
        let kindHint =
            "http makes an AFHTTPRequestOperation, connection a plain AFURLConnectionOperation, task a session manager's data task, block an NSBlockOperation; copy A and archive A make one from operation A"
        let kindToken = try cursor.word("http, connection, task, block, copy or archive", hint: kindHint)
        if kindToken.text == "block" {
            try cursor.end(after: "'block'", hint: "a block operation has no request and no options")
            blockOperations.append(token.text)
            statements.append(ScenarioStatement(line: line, kind: .blockOperation(name: token.text)))
            return
        }
        if kindToken.text == "copy" || kindToken.text == "archive" {
            let archived = kindToken.text == "archive"
            let sourceColumn = cursor.column
            let source = try operationName(&cursor, "the operation to \(kindToken.text) after '\(kindToken.text)'")
            guard source != token.text else {
                throw LineError(
                    column: sourceColumn, "operation \(token.quoted) cannot be made from itself", hint: "name an operation declared above")
            }
            try cursor.end(
                after: "the operation", hint: "a \(kindToken.text) takes its request and settings from \(source); set options on \(source)")
            statements.append(ScenarioStatement(line: line, kind: .operationCopy(name: token.text, of: source, archived: archived)))
            return
        }
        guard let kind = OperationDeclaration.Kind(rawValue: kindToken.text) else {
            throw LineError(
                column: kindToken.column, "unknown operation kind \(kindToken.quoted)",
                hint: Suggestion.didYouMean(kindToken.text, in: ["http", "connection", "task", "block", "copy", "archive"]) ?? kindHint)
        }
        if kind == .task { tasks.append(token.text) }
        let method = try parseMethod(&cursor)
        let pathToken = try parsePath(&cursor, allowQuery: true)
        let path = String(pathToken.text.prefix { $0 != "?" })
        let routeMethod = method == "HEAD" ? "GET" : method
        guard routes.contains(where: { ($0.method == method || $0.method == routeMethod) && $0.path == path }) else {
            throw LineError(
                column: pathToken.column, "no server route for \(method) \(path)",
                hint: declarationHint(
                    for: path, otherwise: "declare it before the operation, e.g. 'server \(routeMethod) \(path) -> 200 body 10 bytes'"))
        }
        var modes: [RunLoopMode]?
        var timeout: Duration?
        var completion = false
        var stream: String?
        var creationThread: String?
        var redirect: RedirectPolicy?
        while let option = cursor.peek() {
            if option.is("modes"), modes == nil {
                guard kind != .task else {
                    throw LineError(
                        column: option.column, "a session task has no run-loop modes",
                        hint: "its connection runs in the default mode of the session's loader thread")
                }
                modes = try cursor.modes()
            } else if option.is("timeout"), timeout == nil {
                _ = cursor.next()
                timeout = try cursor.duration("the request timeout")
            } else if option.is("completion"), !completion {
                _ = cursor.next()
                completion = true
            } else if option.is("stream"), stream == nil {
                guard kind != .task else {
                    throw LineError(
                        column: option.column, "a session task has no output stream",
                        hint: "its data reaches its delegate; check it through the trace")
                }
                _ = cursor.next()
                stream = try streamName(&cursor, "a stream after 'stream'")
            } else if option.is("redirect"), redirect == nil {
                guard kind != .task else {
                    throw LineError(
                        column: option.column, "a session task has no redirect block",
                        hint: "its connection follows redirects; the block is AFURLConnectionOperation's setRedirectResponseBlock:")
                }
                _ = cursor.next()
                redirect = try parseRedirectPolicy(&cursor)
            } else if option.is("on"), creationThread == nil {
                guard kind == .task else {
                    throw LineError(
                        column: option.column, "only a session task is created on another thread",
                        hint: "an operation is made where it is declared; start it on a thread with 'on THREAD: start \(token.text)'")
                }
                _ = cursor.next()
                creationThread = try threadName(&cursor, "the thread that creates the task")
            } else {
                let options = ["modes", "timeout", "completion", "stream", "redirect", "on"]
                let repeated = options.contains(option.text)
                throw LineError(
                    column: option.column, repeated ? "\(option.quoted) is given twice" : "unknown operation option \(option.quoted)",
                    hint: repeated
                        ? nil
                        : Suggestion.didYouMean(option.text, in: options)
                            ?? "options are modes M,…, timeout D, completion, stream S, redirect follow|refuse|to /path and (for a task) on THREAD"
                )
            }
        }
        statements.append(
            ScenarioStatement(
                line: line,
                kind: .operation(
                    OperationDeclaration(
                        name: token.text, kind: kind, method: method, pathAndQuery: pathToken.text, modes: modes, timeout: timeout,
                        completion: completion, stream: stream, creationThread: creationThread, redirect: redirect))))
    }

    /// `follow`, `refuse` or `to /path`, after `redirect`.
    private mutating func parseRedirectPolicy(_ cursor: inout TokenCursor) throws(LineError) -> RedirectPolicy {
        let choices = ["follow", "refuse", "to"]
        let hint = "'redirect follow' returns the proposed request, 'redirect refuse' nil, 'redirect to /path' a rewritten one"
        let token = try cursor.word("follow, refuse or to after 'redirect'", hint: hint)
        switch token.text {
        case "follow": return .follow
        case "refuse": return .refuse
        case "to": return .rewrite(to: try parsePath(&cursor, allowQuery: true).text)
        default:
            throw LineError(
                column: token.column, "unknown redirect block \(token.quoted)",
                hint: Suggestion.didYouMean(token.text, in: choices) ?? hint)
        }
    }

    /// The request methods a scenario may use.
    static let methods = ["GET", "HEAD", "POST", "PUT", "DELETE"]

    /// A request method.
    mutating func parseMethod(_ cursor: inout TokenCursor) throws(LineError) -> String {
        let methods = Self.methods
        let token = try cursor.word("a method (GET, HEAD, POST, PUT or DELETE)")
        guard methods.contains(token.text) else {
            throw LineError(
                column: token.column, "unknown method \(token.quoted)",
                hint: Suggestion.didYouMean(token.text, in: methods) ?? "methods are \(methods.joined(separator: ", "))")
        }
        return token.text
    }

    /// A path on the loopback server, with a query if `allowQuery`.
    mutating func parsePath(_ cursor: inout TokenCursor, allowQuery: Bool) throws(LineError) -> Token {
        let token = cursor.peek()
        guard let token, token.kind == .path else { throw cursor.failure(expected: "a path such as /big") }
        guard LabURL(host: "127.0.0.1", port: LoopbackServer.simulatedPort, pathAndQuery: token.text) != nil else {
            throw LineError(column: token.column, "\(token.quoted) is not a valid path", hint: "paths use printable ASCII, without '#'")
        }
        if !allowQuery, token.text.contains("?") {
            throw LineError(
                column: token.column, "a route's path has no query", hint: "routes match the path alone; put queries on the operation")
        }
        _ = cursor.next()
        return token
    }
}
