import LabRuntime
import LabTestSupport
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

    @Test(
        "rejects malformed text with the token and position",
        arguments: [
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

@Suite("The schedule event's step")
struct ScheduleEventStepTests {
    @Test(
        "every switch of the schedule is a schedule event with its step and thread, and steps increase",
        arguments: [UInt64(0), 1, 2, 3])
    func switchesAreScheduleEvents(seed: UInt64) {
        let result = Simulation.run(seed: seed, main: Scenarios.threeThreadLock(rounds: 3, total: Shared(0)))
        let choices = result.trace.compactMap { event -> (step: Int, chosen: LabThreadID)? in
            guard case let .schedule(chosen, _, _, step) = event.kind else { return nil }
            return (step, chosen)
        }
        #expect(!choices.isEmpty)
        #expect(zip(choices, choices.dropFirst()).allSatisfy { $0.step < $1.step })
        for change in result.schedule.switches {
            #expect(choices.contains { $0.step == change.step && $0.chosen == change.thread })
        }
    }
}
