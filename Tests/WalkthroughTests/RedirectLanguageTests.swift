import AFReplay
import LabRuntime
import NetSim
import Testing

@testable import Walkthrough

/// Redirects in the language: `location` on a 3xx route, `redirect follow|refuse|to /path`
/// on an operation, and `A.redirects` and `A.url` in checks.
@Suite("Redirects in the scenario language")
struct RedirectLanguageTests {
    /// A redirect from /old to /new and operation A on /old (lines 1 to 3).
    static let prelude = "server GET /old -> 302 location /new body \"moved\"\nserver GET /new -> 200 body \"new\"\nop A = http GET /old\n"

    @Test("a route's location becomes its Location header; an operation's redirect option its block")
    func statements() throws {
        let scenario = try parsed(
            """
            server POST /a -> 303 location /b?x=1
            server GET /b -> 307 location "http://127.0.0.1:8080/c"
            op A = connection POST /a redirect follow
            op B = http GET /b redirect refuse
            op C = http GET /b redirect to /a
            op D = http GET /b
            """)
        let routes = scenario.statements.compactMap { statement -> RouteDeclaration? in
            if case let .route(route) = statement.kind { route } else { nil }
        }
        #expect(
            routes.map { $0.script.extraHeaders } == [
                [HTTPHeaderField(name: "Location", value: "/b?x=1")],
                [HTTPHeaderField(name: "Location", value: "http://127.0.0.1:8080/c")],
            ])
        let policies = scenario.statements.compactMap { statement -> RedirectPolicy?? in
            if case let .operation(operation) = statement.kind { operation.redirect } else { nil }
        }
        #expect(policies == [.follow, .refuse, .rewrite(to: "/a"), nil])
    }

    @Test("A.redirects parses each hop, refused ones too, and [] for none; A.url takes a path or none")
    func expectations() throws {
        let scenario = try parsed(
            Self.prelude + """
                expect A.redirects == [302 /old -> GET /new, 307 /new?q=1 -> refused]
                expect A.redirects != []
                expect A.url == /new
                expect A.url != none
                """)
        #expect(
            scenario.expectations.map(\.expectation) == [
                .redirects(operation: "A", .equal, ["302 /old -> GET /new", "307 /new?q=1 -> refused"]),
                .redirects(operation: "A", .notEqual, []),
                .property(operation: "A", .url, .equal, .text("/new")),
                .property(operation: "A", .url, .notEqual, .word("none")),
            ])
    }

    @Test(
        "bad redirect lines get located diagnostics with suggestions",
        arguments: [
            (
                "server GET /x -> 200 location /new", "4:22: error: 'location' needs a redirect status, not 200",
                "redirects are 301, 302, 303, 307 and 308, e.g. 'server GET /old -> 302 location /new'"
            ),
            (
                "server GET /x -> 302 locaton /new", "4:22: error: unknown server option 'locaton'", "did you mean 'location'?"
            ),
            (
                "server GET /x -> 302 location \"http://example.com/\"",
                "4:31: error: \"http://example.com/\" is not an http URL on the loopback interface",
                "write a path such as /new, or \"http://127.0.0.1:8080/new\""
            ),
            (
                "server GET /x -> 302 location", "4:30: error: expected where 'location' points, found the end of the line",
                "write a path such as /new, or \"http://127.0.0.1:8080/new\""
            ),
            ("op B = http GET /old redirect folow", "4:31: error: unknown redirect block 'folow'", "did you mean 'follow'?"),
            ("op B = http GET /old redirect to", "4:33: error: expected a path such as /big, found the end of the line", nil),
            (
                "op B = http GET /old redirect refuse redirect follow", "4:38: error: 'redirect' is given twice", nil
            ),
            (
                "op t = task GET /old redirect refuse", "4:22: error: a session task has no redirect block",
                "its connection follows redirects; the block is AFURLConnectionOperation's setRedirectResponseBlock:"
            ),
            ("op B = http GET /old redirct refuse", "4:22: error: unknown operation option 'redirct'", "did you mean 'redirect'?"),
            ("expect A.redirect == []", "4:10: error: unknown property 'redirect'", "did you mean 'redirects'?"),
            (
                "expect A.redirects == [302 /old -> GOT /new]", "4:36: error: 'GOT' is neither a method nor 'refused'",
                "did you mean 'GET'?"
            ),
            (
                "expect A.redirects == [302 /old -> refsued]", "4:36: error: 'refsued' is neither a method nor 'refused'",
                "did you mean 'refused'?"
            ),
            (
                "expect A.redirects == [200 /old -> GET /new]",
                "4:24: error: the redirect's status must be a whole number from 300 to 399, not '200'",
                "for example 'expect A.redirects == [302 /old -> GET /new]', or [] for none"
            ),
            (
                "expect A.redirects == [302 /old GET /new]", "4:33: error: expected '->' after the redirecting path, found 'GET'",
                "for example 'expect A.redirects == [302 /old -> GET /new]', or [] for none"
            ),
            ("expect A.redirects < []", "4:20: error: '<' does not compare names", "use == or !="),
            ("expect A.url == 5", "4:17: error: '5' is not a value of url", "url is a path such as /big, or none"),
        ])
    func diagnostics(line: String, headline: String, hint: String?) throws {
        do {
            _ = try Scenario.parse(source: Self.prelude + line, fileName: "scenario.lab")
            Issue.record("parsed: \(line)")
        } catch {
            let first = try #require(error.diagnostics.first)
            #expect(first.headline == "scenario.lab:" + headline)
            #expect(first.hint == hint)
        }
    }

    @Test("follow, rewrite and refuse, checked on the redirect chain, the final URL and status", arguments: [0, 1, 2, 3] as [UInt64])
    func behaviour(seed: UInt64) throws {
        try runGreen(
            Self.prelude + """
                server GET /elsewhere -> 200 body "elsewhere"
                op B = connection GET /old redirect to /elsewhere
                op C = connection GET /old redirect refuse
                op D = connection GET /new redirect refuse
                on main: start A; start B; start C; start D
                run until idle
                expect A.redirects == [302 /old -> GET /new]
                expect A.url == /new
                expect A.data == "new"
                expect B.redirects == [302 /old -> GET /elsewhere]
                expect B.url == /elsewhere
                expect B.data == "elsewhere"
                expect C.redirects == [302 /old -> refused]
                expect C.status == 302
                expect C.url == /old
                expect C.data == "moved"
                expect D.redirects == []
                expect D.url == /new
                expect event "connection.callback" "willSendRequest" count == 3
                """, seed: seed)
    }

    @Test("a failing redirects check shows both chains; url is none before any response")
    func failingCheck() throws {
        let run = try ScenarioRunner().run(
            parsed(
                Self.prelude + """
                    op B = http GET /new
                    on main: start A
                    run until idle
                    expect A.redirects == [302 /old -> refused]
                    expect B.url == none
                    expect B.redirects == []
                    """))
        #expect(run.checks.map(\.passed) == [false, true, true])
        #expect(run.checks[0].expected == "[302 /old -> refused]")
        #expect(run.checks[0].actual == "[302 /old -> GET /new]")
    }

    @Test("redirect-chain.lab: 303 turns POST into GET, 307 keeps POST, a block refuses, a loop ends at -1007")
    func example() throws {
        let scenario = try parsed(readFile("\(scenariosDirectory)/redirect-chain.lab"), fileName: "redirect-chain.lab")
        let run = try runGreen(scenario)
        #expect(run.checks.count >= 20)
        #expect(run.problems.isEmpty)
        let replayed = ScenarioRunner().run(scenario, using: ReplayStrategy(run.schedule), named: "replay")
        #expect(replayed.traceText == run.traceText)
    }
}
