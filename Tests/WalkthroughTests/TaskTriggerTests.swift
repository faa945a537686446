import Testing

@testable import Walkthrough

/// `when t received N bytes: …` for a session task: checked in the session manager's
/// `dataTaskDidReceiveData` block, on the delegate queue, after each data message.
@Suite("Session task triggers")
struct TaskTriggerTests {
    @Test("a task suspended after its first 500 bytes holds the rest until resumed, then completes once", arguments: [UInt64(0), 1, 2])
    func suspendAfterFirstChunk(seed: UInt64) throws {
        let run = try runGreen(
            """
            server GET /big -> 200 body 1500 bytes in chunks 500 every 2ms
            op t = task GET /big completion
            on main: start t
            when t received 500 bytes: suspend t; checkpoint held on main
            run for 20ms
            on main: resume t
            run until idle
            expect at held: t.state == suspended
            expect at held: event "connection.callback" "URLSession:dataTask:didReceiveData: 500 bytes → delegate of task 1" count == 1
            expect event "connection.callback" "URLSession:dataTask:didReceiveData: 500 bytes → delegate of task 1" count == 3
            expect t.state == completed
            expect event "completion" "completionHandler of task 1" count == 1
            expect indicator == 0
            """, seed: seed)
        let details = run.result.trace.map(\.kind.detail)
        let suspended = try #require(details.firstIndex { $0.contains("task 1 suspended") })
        let resumed = try #require(details.firstIndex { $0.contains("task 1 resumed") })
        #expect(!details[suspended..<resumed].contains { $0.contains("URLSession:dataTask:didReceiveData:") })
    }

    @Test("the trigger watches its own task: another task's bytes do not fire it")
    func ownTaskOnly() throws {
        try runGreen(
            """
            server GET /big -> 200 body 1500 bytes in chunks 500 every 2ms
            server GET /small -> 200 body 10 bytes
            op big = task GET /big
            op small = task GET /small
            on main: start small
            when big received 10 bytes: checkpoint fired on main
            run for 20ms
            expect small.state == completed
            expect big.state == suspended
            expect event "note" "checkpoint fired" count == 0
            """)
    }
}
