import Testing

@testable import Walkthrough

/// `not` and `implies` in `expect` lines, and the `success+failure` completion value: a race
/// is stated as the behaviour that must hold, and the seed that breaks it fails the line.
@Suite("Expectation logic")
struct ExpectationLogicTests {
    /// The cancel race: a cancel from the progress block once all 10 bytes have arrived.
    static let cancelRace = """
        server GET /big -> 200 body 10 bytes in chunks 4,3,3 every 5ms
        op A = http GET /big completion
        when A received 10 bytes: cancel A on main
        on main: start A
        run until idle

        """

    @Test("not and implies parse into nested expectations, keeping each side's text")
    func parsing() throws {
        let scenario = try parsed(
            Self.cancelRace + """
                expect not A.state == paused
                expect A.cancelled == true implies A.completion != success
                expect not not outcome == deadlock implies not event "connection.cancel" count > 0
                expect A.completion != success+failure
                """)
        let kinds = scenario.expectations.map(\.expectation)
        #expect(kinds[0] == .not(.property(operation: "A", .state, .equal, .word("paused"))))
        #expect(
            kinds[1]
                == .implies(
                    premise: ExpectationClause(
                        text: "A.cancelled == true", expectation: .property(operation: "A", .cancelled, .equal, .word("true"))),
                    consequent: ExpectationClause(
                        text: "A.completion != success",
                        expectation: .property(operation: "A", .completion, .notEqual, .word("success")))))
        #expect(
            kinds[2]
                == .implies(
                    premise: ExpectationClause(text: "not not outcome == deadlock", expectation: .not(.not(.outcome(.equal, "deadlock")))),
                    consequent: ExpectationClause(
                        text: "not event \"connection.cancel\" count > 0",
                        expectation: .not(.count(EventFilter(name: "connection.cancel", text: nil), .greater, 0)))))
        #expect(kinds[3] == .property(operation: "A", .completion, .notEqual, .word("success+failure")))
    }

    @Test("the race stated as the correct behaviour: seed 1 violates it, seed 5 holds vacuously")
    func cancelledImpliesNoSuccess() throws {
        let scenario = try parsed(
            Self.cancelRace + """
                expect A.cancelled == true implies A.completion != success
                expect not A.completion == success+failure
                expect not A.state == finished
                """)
        let violated = try ScenarioRunner().run(scenario, seed: 1)
        #expect(violated.checks.map(\.passed) == [false, true, false])
        #expect(
            violated.checks[0].description == """
                FAIL test.lab:6  expect A.cancelled == true implies A.completion != success
                     expected: A.completion != success, since A.cancelled == true
                     actual:   A.cancelled == true holds (true); A.completion != success gives success
                """)
        #expect(violated.checks[2].expected == "not finished")
        #expect(violated.checks[2].actual == "finished")
        let vacuous = try ScenarioRunner().run(scenario, seed: 5)
        #expect(vacuous.checks[0].passed)
        #expect(vacuous.checks[0].actual == "A.cancelled == true does not hold (false)")
    }

    @Test(
        "bad logic gets located diagnostics",
        arguments: [
            ("expect not", "3:11: error: expected what to expect, found the end of the line", "for example 'expect A.state == finished'"),
            (
                "expect A.state == finished implies", "3:35: error: expected what to expect, found the end of the line",
                "for example 'expect A.state == finished'"
            ),
            (
                "expect A.state == finished A.state == ready", "3:28: error: unexpected 'A' after the expectation",
                "join two conditions with 'implies', e.g. 'expect A.cancelled == true implies A.error == cancelled'"
            ),
            (
                "expect A.state == finished implies A.cancelled == true implies outcome == quiescent",
                "3:56: error: unexpected 'implies' after the expectation", "an expectation has at most one 'implies'"
            ),
            (
                "expect A.completion == success+", "3:32: error: expected 'failure' after 'success+', found the end of the line",
                "the value is success+failure: both blocks ran"
            ),
            (
                "expect A.completion == success+block", "3:32: error: 'block' cannot follow 'success+'",
                "the value is success+failure: both blocks ran"
            ),
            ("expect A.completion == sucess", "3:24: error: 'sucess' is not a value of completion", "did you mean 'success'?"),
            (
                "expect A.state == finished impiles A.cancelled == true", "3:28: error: unexpected 'impiles' after the expectation",
                "join two conditions with 'implies', e.g. 'expect A.cancelled == true implies A.error == cancelled'"
            ),
            ("op not = http GET /big", "3:4: error: 'not' is a keyword and cannot name an operation", "choose another name"),
        ])
    func diagnostics(line: String, headline: String, hint: String) throws {
        let source =
            "server GET /big -> 200 body 10 bytes\n" + (line.hasPrefix("op ") ? "thread worker\n" : "op A = http GET /big\n") + line
        do {
            _ = try Scenario.parse(source: source, fileName: "scenario.lab")
            Issue.record("parsed: \(line)")
        } catch {
            let first = try #require(error.diagnostics.first)
            #expect(first.headline == "scenario.lab:" + headline)
            #expect(first.hint == hint)
        }
    }
}
