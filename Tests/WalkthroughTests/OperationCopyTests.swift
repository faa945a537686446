import Inspector
import LabTestSupport
import Testing

@testable import Walkthrough

/// `op B = copy A` and `op B = archive A`: AFNetworking 2.6.3's `copyWithZone:` and its
/// `encodeWithCoder:`/`initWithCoder:` round trip, from a scenario file (spec §3.15).
@Suite("Copying and archiving operations from a scenario file")
struct OperationCopyTests {
    static let route = "server GET /big -> 200 etag \"v1\" body 10 bytes in chunks 4,3,3 every 5ms ranges\n"

    @Test(
        "a copy of a paused operation is Ready with the Range request, fetches the rest with a 206, and has no completion block",
        arguments: [UInt64(0), 1, 2])
    func copyOfPausedOperation(seed: UInt64) throws {
        try runGreen(
            Self.route + """
                op A = http GET /big completion
                on main: start A
                when A received 4 bytes: pause A on main
                run for 20ms
                op B = copy A
                on main: checkpoint copied; start B
                run until idle
                expect at copied: B.state == ready
                expect A.state == paused
                expect B.state == finished
                expect B.header "Range" == "bytes=4-"
                expect B.header "If-Range" == "\\"v1\\""
                expect B.status == 206
                expect B.bytes == 6
                expect B.completion == none
                """, seed: seed)
    }

    @Test(
        "archiving a running operation pauses it first: DidFinish posted; the unarchived one is Ready with the Range request, its byte count so far, and fetches the rest into a fresh stream",
        arguments: [UInt64(0), 1, 2])
    func archiveOfRunningOperation(seed: UInt64) throws {
        try runGreen(
            Self.route + """
                op A = http GET /big completion
                on main: start A
                run for 7ms
                op B = archive A
                run for 20ms
                on main: start B
                run until idle
                expect A.state == paused
                expect notifications(A) == [DidStart, DidFinish]
                expect B.state == finished
                expect B.header "Range" == "bytes=7-"
                expect B.bytes == 10
                expect B.data == body /big from 7
                """, seed: seed)
    }

    @Test(
        "a finished operation comes back Ready from its archive: Ready → Finished is rejected, the bytes kept",
        arguments: [UInt64(0), 1, 2])
    func archiveOfFinishedOperation(seed: UInt64) throws {
        try runGreen(
            """
            server GET /small -> 200 body 10 bytes
            op A = connection GET /small completion
            on main: start A
            run for 10ms
            op B = archive A
            run until idle
            expect A.state == finished
            expect B.state == ready
            expect B.bytes == 10
            expect event "operation.state" "op B ready → finished rejected" count == 1
            """, seed: seed)
    }

    @Test("archiving an operation just started pauses it before operationDidStart: the data-race checker finds the unlocked Range rewrite")
    func archiveRacesOperationDidStart() throws {
        let scenario = try parsed(
            Self.route + """
                op A = http GET /big completion
                on main: start A
                op B = archive A
                run until idle
                """, fileName: "archive-while-starting.lab"
        ).explorable(named: "archive-while-starting")
        let report = Explorer(scenario: scenario, checkers: [DataRaceChecker()], strategy: .random(seed: 0), schedules: 50).explore()
        let summaries = try #require(report.finding?.violations).map(\.summary)
        #expect(summaries.contains { $0.hasPrefix("data race on") && $0.contains("request of op A") })
    }

    @Test(
        "copy and archive take a declared request operation, not a task, a block operation or the operation being declared",
        arguments: [
            (
                "op t = task GET /big\nop B = copy t",
                "3:13: error: 't' is a session task, which can only be started, resumed, suspended and cancelled"
            ),
            (
                "op X = block\nop B = archive X",
                "3:16: error: 'X' is a block operation, which can only be started, cancelled, enqueued and depended on"
            ),
            ("op B = copy Z", "2:13: error: unknown operation 'Z'"),
            ("op B = copy B", "2:13: error: operation 'B' cannot be made from itself"),
            ("op A = http GET /big\nop B = copy A completion", "3:15: error: unexpected 'completion' after the operation"),
        ])
    func refusals(source: String, headline: String) {
        #expect(diagnostics(Self.route + source).hasPrefix("scenario.lab:" + headline))
    }
}
