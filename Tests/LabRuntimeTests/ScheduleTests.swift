import LabRuntime
import Testing

@Suite("Schedule strings")
struct ScheduleTests {
    @Test("round-trips through text")
    func roundTrip() throws {
        let schedule = Schedule(switches: [.init(step: 3, thread: 1), .init(step: 40, thread: 2)])
        #expect(schedule.description == "3:T1 40:T2")
        #expect(try Schedule(parsing: "3:T1 40:T2") == schedule)
        #expect(try Schedule(parsing: "-") == Schedule(switches: []))
        #expect(Schedule(switches: []).description == "-")
    }

    @Test("rejects malformed text with the token and position", arguments: [
        ("3:T1 x", "schedule token 2 'x': expected STEP:T<thread>, e.g. 14:T2"),
        ("3:1", "schedule token 1 '3:1': expected STEP:T<thread>, e.g. 14:T2"),
        ("5:T1 2:T0", "schedule token 2 '2:T0': steps must increase"),
        ("-1:T0", "schedule token 1 '-1:T0': expected STEP:T<thread>, e.g. 14:T2"),
    ])
    func rejects(text: String, message: String) {
        #expect(throws: ScheduleParseError.self) { try Schedule(parsing: text) }
        do { _ = try Schedule(parsing: text) } catch { #expect(error.description == message) }
    }
}
