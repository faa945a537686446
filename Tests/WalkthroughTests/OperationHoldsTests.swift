import Testing

@testable import Walkthrough

/// What an operation holds after the run: the headers its connections sent, its connection,
/// output stream and completion block, the bytes of `responseData` in order, each progress
/// call, the error's domain, code and failing URL, and queue membership.
@Suite("What an operation holds")
struct OperationHoldsTests {
    @Test("a paused and resumed download sends Range and If-Range, and its data is the whole body in order")
    func pauseAndResume() throws {
        try runGreen(
            """
            fidelity hardened
            server GET /big -> 200 etag "v1" body 10 bytes in chunks 4,3,3 every 5ms ranges
            op A = http GET /big completion
            when A received 4 bytes: pause A on main
            when A state == paused: resume A on main
            on main: start A
            run until idle
            expect A.state == finished
            expect A.connections == 2
            expect A.header "Range" == "bytes=4-"
            expect A.header "If-Range" == "\\"v1\\""
            expect A.data == body /big
            expect A.data != body /big from 4
            expect A.data == 10
            expect progress(A) == [(4, 4, 10), (4, 8, 6), (2, 10, 6)]
            expect A.connection == nil
            expect A.outputStream == nil
            expect A.completionBlock == nil
            expect A.error == none
            expect A.error.domain == none
            expect A.queued == false
            """)
    }

    @Test("a cancelled download: NSURLErrorDomain, -999 and the request's URL; a text body compares as text")
    func cancelled() throws {
        try runGreen(
            """
            server GET /big -> 200 body 10 bytes in chunks 4,3,3 every 5ms
            server GET /j -> 200 body "{\\"ok\\":true}"
            op A = connection GET /big?x=1
            op B = connection GET /j completion
            when A received 4 bytes: cancel A on main
            on main: start A; start B
            run until idle
            expect A.error.domain == NSURLErrorDomain
            expect A.error.domain == "NSURLErrorDomain"
            expect A.error.code == -999
            expect A.error.url == /big?x=1
            expect A.error.url != "/j"
            expect A.data == none
            expect A.outputStream == set
            expect A.connection == nil
            expect A.connections == 1
            expect A.header "Range" == none
            expect progress(A) == [(4, 4, 10)]
            expect B.data == "{\\"ok\\":true}"
            expect B.error.code == none
            expect progress(B) == [(11, 11, 11)]
            """)
    }

    @Test("a download paused in a queue stays in the queue, keeping its cancelled connection")
    func pausedInQueue() throws {
        try runGreen(
            """
            server GET /big -> 200 body 10 bytes in chunks 4,3,3 every 5ms
            queue max 1
            op A = http GET /big completion
            op B = http GET /big
            when A received 4 bytes: pause A on main
            on main: enqueue A; enqueue B
            run until idle
            expect A.state == paused
            expect A.queued == true
            expect A.connection == set
            expect A.completionBlock == set
            expect B.queued == true
            expect B.state == ready
            expect B.connections == 0
            expect progress(B) == []
            """)
    }

    @Test("a failing data check says how the bytes differ")
    func dataDifference() throws {
        let run = try ScenarioRunner().run(
            parsed(
                """
                server GET /big -> 200 body 10 bytes in chunks 4,3,3 every 5ms
                op A = connection GET /big
                on main: start A
                run until idle
                expect A.data == body /big from 2
                expect A.data == "abc"
                expect A.header "Range" == "bytes=0-"
                expect progress(A) == [(10, 10, 10)]
                """))
        #expect(run.checks.map(\.passed) == [false, false, false, false])
        #expect(run.checks[0].actual == "10 bytes (body /big from 2 has 8); first differs at byte 0")
        #expect(run.checks[2].expected == "\"bytes=0-\"")
        #expect(run.checks[2].actual == "none")
        #expect(run.checks[3].actual == "[(4, 4, 10), (3, 7, 10), (3, 10, 10)]")
    }

    @Test(
        "bad operation expectations get located diagnostics",
        arguments: [
            (
                "expect A.header Range == \"x\"", "3:17: error: expected a header field name in double quotes, found 'Range'",
                "for example 'expect A.header \"Range\" == \"bytes=4-\"'"
            ),
            ("expect A.header \"Range\" < \"x\"", "3:25: error: '<' does not compare names", "use == or !="),
            ("expect A.error.domian == x", "3:16: error: unknown property 'error.domian'", "did you mean 'error.domain'?"),
            ("expect A.conection == nil", "3:10: error: unknown property 'conection'", "did you mean 'connection'?"),
            ("expect A.connection == nill", "3:24: error: 'nill' is not a value of connection", "did you mean 'nil'?"),
            (
                "expect A.data == body /nope", "3:23: error: no server route for /nope",
                "declare it above, e.g. 'server GET /nope -> 200 body 10 bytes'"
            ),
            (
                "expect A.data == body /big from 11", "3:33: error: the first byte must be a whole number from 0 to 10, not '11'",
                "the body of /big has 10 bytes"
            ),
            ("expect progress(A) == [(4, 4)]", "3:29: error: expected ',' after totalBytesRead, found ')'", nil),
            (
                "expect progress(A) == (4, 4, 10)", "3:23: error: expected '[' to open the list, found '('",
                "write the calls in brackets, or [] for none"
            ),
            ("expect A.error.url == 5", "3:23: error: '5' is not a value of error.url", "error.url is a path such as /big, or none"),
            ("expect A.queued == yes", "3:20: error: 'yes' is not a value of queued", "queued is true, false"),
        ])
    func diagnostics(line: String, headline: String, hint: String?) throws {
        do {
            _ = try Scenario.parse(source: "server GET /big -> 200 body 10 bytes\nop A = http GET /big\n" + line, fileName: "scenario.lab")
            Issue.record("parsed: \(line)")
        } catch {
            let first = try #require(error.diagnostics.first)
            #expect(first.headline == "scenario.lab:" + headline)
            #expect(first.hint == hint)
        }
    }
}
