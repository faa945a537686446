import LabRuntime
import Testing

@testable import Walkthrough

/// Seeded fuzzing: mutated, truncated and garbled scenarios, and random bytes, never make
/// the parser trap. Every input ends in a scenario or in diagnostics that point inside it.
@Suite("Parser fuzz")
struct ParserFuzzTests {
    /// Valid scenarios to mutate: the examples and one line of every statement.
    static let corpus: [String] =
        (["modes-and-keep-alive", "interview-question", "cancel-race", "redirect-chain"] + TeacherExampleTests.examples).map {
            readFile("\(scenariosDirectory)/\($0).lab")
        } + [
            """
            fidelity hardened
            strategy replay "3:T1 9:T2"
            thread worker
            thread lonely without port
            server GET /big -> 200 etag "v1" type "application/json" body 10 bytes seed 9 in chunks 4,3,3 every 5ms chunked ranges fault reset after 4
            server GET /j -> 200 body "{\\"ok\\":true}"
            server POST /old -> 303 location /j?x=1
            server GET /away -> 307 location "http://127.0.0.1:8080/j"
            queue max 1
            lock cache recursive
            semaphore ready value 1
            stream small = buffer 4
            stream disk = failing after 5
            stream other = memory
            stream saved = file "/tmp/lab-fuzz-never-written"
            op A = http GET /big modes default, tracking timeout 2s completion stream small
            op B = connection GET /j
            op R = http POST /old redirect to /j
            op S = connection GET /away redirect refuse
            op X = block
            batch both = A, B
            B depends on A
            A depends on X
            timer tick on worker every 10ms modes common
            observe main activities entry, exit as watcher
            when A received 4 bytes: pause A on main
            when B state == executing: cancel B; perform on worker wait modes default on worker
            when A state == finished: acquire cache; signal ready; wait ready; release cache; perform on main wait inline
            interleave main, AFNetworking, T3
            on main: start A; enqueue X; cancel X; start X; enqueue B; run mode tracking for 5ms; add port; remove port; add common mode tracking; enqueue both; checkpoint started; set stream A to other; set stream A to nil; set completionBlock B
            run for 30ms
            run 900 steps
            expect A.state == finished
            expect A.error != -999
            expect notifications(A) == [DidStart, DidFinish]
            expect event "connection.callback" "→ op A" count >= 3
            expect "perform.run" before "timer.fire"
            expect outcome == quiescent
            expect indicator == 0
            expect checker lock-order finds "x"
            expect A.cancelled == true implies A.completion != success
            expect not not A.completion == success+failure
            expect A.header "Range" == "bytes=4-"
            expect A.header "If-Range" != none
            expect A.data == body /big from 4
            expect B.data != "{\\"ok\\":true}"
            expect progress(A) == [(4, 4, 10), (6, 10, -1)]
            expect A.error.domain == NSURLErrorDomain
            expect A.error.code <= -999
            expect A.error.url == /big
            expect A.connection == nil
            expect A.outputStream != set
            expect A.completionBlock == nil
            expect A.queued == true
            expect X.state == finished
            expect X.cancelled != false
            expect X.queued == false
            expect A.connections >= 1
            expect R.redirects == [303 /old -> GET /j?x=1, 307 /away -> refused]
            expect S.redirects != []
            expect R.url == /j
            expect A.outputStream == small
            expect small.status == open
            expect disk.written <= 4
            expect both.progress == [(1, 2), (2, 2)]
            expect both.completed != false
            expect at started: A.state == executing implies not notifications(A) == [DidFinish]
            expect "perform.run" "x" #2 before "timer.fire" #1
            """,
            """
            strategy pct seed 3 depth 2
            thread worker
            source flag on worker modes default, tracking
            port inbox on worker
            server GET /small -> 200 body 11 bytes
            op t = task GET /small timeout 1s completion
            op u = task GET /small on worker
            on main: start t; signal flag; wake worker; send inbox; cancel t
            run until idle
            expect event "timer.add" count >= 0
            """,
        ]

    /// Pieces the mutations insert: keywords, symbols, and characters that stress the lexer.
    static let pieces = [
        "op", "on", "run", "expect", "server", "when", ":", ";", ",", "->", "==", "\"", "\\", "#", "/", "[", "]",
        "(", ")", ".", "-", "-999", "5ms", "99999999999999999999", "0", "\t", "\r", "\n", "\r\n", "\u{0}",
        "é", "\u{301}", "\u{2028}", "🙂", "modes", "bytes", "steps", "T3", "A", "main", "task", "source",
        "port", "signal", "wake", "send", "pct", "depth", "not", "implies", "+", "success+failure",
        "header", "progress", "body", "from", "nil", "set", "error.url", "queued", "at", "checkpoint", "#2", "started:", "stream", "buffer",
        "failing", "after", "set", "to", "status", "written", "batch", "depends", "completed", "lock", "semaphore", "acquire", "release",
        "wait", "inline", "recursive", "location", "redirect", "follow", "refuse", "refused", "redirects", "url", "303", "307", "block",
        "X", "completionBlock",
    ]

    @Test("every scenario of the corpus parses, so mutations start from valid input")
    func corpusParses() throws {
        for source in Self.corpus { _ = try parsed(source, fileName: "corpus.lab") }
    }

    @Test("mutations of valid scenarios, and random bytes, parse or give located diagnostics", arguments: 0..<200)
    func fuzz(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        for _ in 0..<8 {
            let base = Self.corpus[Int(random.next() % UInt64(Self.corpus.count))]
            check(mutate(base, &random))
        }
        let bytes = (0..<Int(random.next() % 400)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
        check(String(decoding: bytes, as: UTF8.self))
    }

    private func check(_ source: String) {
        do {
            _ = try Scenario.parse(source: source, fileName: "fuzz.lab")
        } catch {
            #expect(!error.diagnostics.isEmpty)
            let lines = source.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
            for diagnostic in error.diagnostics {
                #expect((1...lines.count).contains(diagnostic.location.line))
                #expect(diagnostic.sourceLine == String(lines[diagnostic.location.line - 1]))
                #expect((1...diagnostic.sourceLine.count + 1).contains(diagnostic.location.column))
                #expect(diagnostic.description.hasPrefix("fuzz.lab:\(diagnostic.location.line):\(diagnostic.location.column): error: "))
            }
        }
    }

    /// One to four random edits of `text`.
    private func mutate(_ text: String, _ random: inout SplitMix64) -> String {
        var characters = Array(text)
        for _ in 0...(random.next() % 4) {
            let position = characters.isEmpty ? 0 : Int(random.next() % UInt64(characters.count))
            switch random.next() % 6 {
            case 0: characters = Array(characters.prefix(position))
            case 1: if !characters.isEmpty { characters.remove(at: position) }
            case 2: characters.insert(contentsOf: Self.pieces[Int(random.next() % UInt64(Self.pieces.count))], at: position)
            case 3:
                if !characters.isEmpty { characters[position] = Character(Unicode.Scalar(UInt8(truncatingIfNeeded: random.next() % 128))) }
            case 4:
                var lines = String(characters).split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
                if lines.count > 1 { lines.swapAt(Int(random.next() % UInt64(lines.count)), Int(random.next() % UInt64(lines.count))) }
                characters = Array(lines.joined(separator: "\n"))
            default:
                let end = min(characters.count, position + Int(random.next() % 40))
                characters.insert(contentsOf: characters[position..<end], at: position)
            }
        }
        return String(characters)
    }
}
