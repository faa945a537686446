import LabTestSupport
import Testing

@testable import Walkthrough

/// Output streams a scenario gives its operations: a full buffer (no space, no error), a
/// stream that fails with an error, one swapped in while the operation executes, and a
/// file; each checked through its status and the bytes it took.
@Suite("Output streams")
struct OutputStreamTests {
    static let route = "server GET /big -> 200 body 10 bytes in chunks 4,3,3 every 5ms\n"

    @Test("a full buffer has no space and no error: 2.6.3 cancels the connection and the operation never finishes")
    func bufferWithoutSpace() throws {
        try runGreen(
            Self.route + """
                stream small = buffer 4
                op A = http GET /big completion stream small
                on main: start A
                run until idle
                expect outcome == quiescent
                expect A.state == executing
                expect A.completion == none
                expect small.written == 4
                expect small.status == open
                expect A.outputStream == small
                expect A.connection == set
                expect event "connection.cancel" "C0" count == 1
                expect progress(A) == [(4, 4, 10)]
                expect notifications(A) == [DidStart]
                """)
    }

    @Test("hardened fails the operation with ENOSPC instead")
    func bufferWithoutSpaceHardened() throws {
        try runGreen(
            "fidelity hardened\n" + Self.route + """
                stream small = buffer 4
                op A = http GET /big completion stream small
                on main: start A
                run until idle
                expect A.state == finished
                expect A.completion == failure
                expect A.error.domain == NSPOSIXErrorDomain
                expect A.error.code == 28
                expect small.status == closed
                """)
    }

    @Test("a stream that fails: the failing write drops its bytes, the next chunk fails the operation with the stream's error")
    func failingStream() throws {
        try runGreen(
            Self.route + """
                stream disk = failing after 5
                op A = http GET /big completion stream disk
                on main: start A
                run until idle
                expect A.state == finished
                expect A.error == stream
                expect A.error.domain == "NSPOSIXErrorDomain"
                expect A.error.code == 28
                expect A.completion == failure
                expect disk.status == error
                expect disk.written == 4
                expect progress(A) == [(4, 4, 10), (3, 7, 10)]
                expect A.data == none
                expect A.outputStream == disk
                """)
    }

    @Test("a stream swapped in while executing is never opened: the operation stalls with the old stream closed")
    func replacedWhileExecuting() throws {
        try runGreen(
            Self.route + """
                stream first = memory
                stream second = memory
                op A = http GET /big stream first
                when A received 4 bytes: set stream A to second; checkpoint swapped on main
                on main: start A
                run until idle
                expect at swapped: first.status == closed
                expect at swapped: first.written == 4
                expect at swapped: second.status == notOpen
                expect at swapped: A.outputStream == second
                expect A.state == executing
                expect second.written == 0
                expect A.outputStream == second
                expect A.bytes == 4
                """)
    }

    @Test("set to nil while executing: the getter makes a new memory stream that is never opened")
    func replacedWithNil() throws {
        try runGreen(
            Self.route + """
                stream first = memory
                op A = http GET /big stream first
                when A received 4 bytes: set stream A to nil on main
                on main: start A
                run until idle
                expect first.status == closed
                expect A.state == executing
                expect A.outputStream == set
                expect A.outputStream != first
                """)
    }

    @Test("a file stream takes the body, which stays out of responseData; the stream is kept, closed")
    func fileStream() throws {
        let directory = TemporaryDirectory(prefix: "lab-stream")
        try runGreen(
            Self.route + """
                stream file = file "\(directory.file("body"))"
                op A = http GET /big completion stream file
                on main: start A
                run until idle
                expect A.state == finished
                expect A.completion == success
                expect A.data == none
                expect file.written == 10
                expect file.status == closed
                expect A.outputStream == file
                """)
    }

    @Test(
        "bad streams get located diagnostics",
        arguments: [
            ("stream s = bufer 4", "2:12: error: unknown stream kind 'bufer'", "did you mean 'buffer'?"),
            (
                "stream s = failing 4", "2:20: error: expected 'after' after 'failing', found '4'",
                "for example 'stream full-disk = failing after 4'"
            ),
            ("op A = http GET /big stream nope", "2:29: error: unknown stream 'nope'", "declare it with 'stream nope = memory'"),
            ("stream A = memory\nop A = http GET /big", "3:4: error: 'A' is already declared on line 2", nil),
            (
                "stream small = memory\nop A = http GET /big\non main: set stream A to smal", "4:26: error: unknown stream 'smal'",
                "did you mean 'small'?"
            ),
            (
                "stream s = memory\nop A = http GET /big\non main: set A to s",
                "4:14: error: expected 'stream' or 'completionBlock' after 'set', found 'A'",
                "for example 'set stream A to small' or 'set completionBlock A'"
            ),
            ("stream s = memory\nexpect s.status == opened", "3:20: error: 'opened' is not a stream status", "did you mean 'open'?"),
            ("stream s = memory\nexpect s.size == 3", "3:10: error: unknown stream property 'size'", "a stream has status and written"),
            (
                "stream s = memory\nop t = task GET /big stream s", "3:22: error: a session task has no output stream",
                "its data reaches its delegate; check it through the trace"
            ),
            ("stream outcome = memory", "2:8: error: 'outcome' is a keyword and cannot name a stream", "choose another name"),
        ])
    func streamDiagnostics(source: String, headline: String, hint: String?) throws {
        do {
            _ = try Scenario.parse(source: Self.route + source, fileName: "scenario.lab")
            Issue.record("parsed: \(source)")
        } catch {
            let first = try #require(error.diagnostics.first)
            #expect(first.headline == "scenario.lab:" + headline)
            #expect(first.hint == hint)
        }
    }
}
