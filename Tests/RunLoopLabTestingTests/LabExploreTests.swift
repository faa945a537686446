import RunLoopLabTesting
import Testing

@Suite struct LabExploreTests {
    @Test func cleanProgramRunsEverySchedule() throws {
        let report = try #require(try Lab.explore(.pct(depth: 2), schedules: 50) { startWorkerAndSendJob(keepAlive: true) })
        #expect(report.finding == nil)
        #expect(report.explored == 50)
        #expect(report.scenario == "cleanProgramRunsEverySchedule")
    }

    @Test func violationFailsTheTestWithReportAndReplayLines() throws {
        var report: ExplorationReport?
        try withKnownIssue {
            report = try Lab.explore(schedules: 200) { startWorkerAndSendJob(keepAlive: false) }
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return text.contains("VIOLATION [expectation] expectation failed: the job ran on the worker")
                && text.contains("replay:    Lab.replay(schedule: \"")
                && text.contains("RUNLOOP_LAB_SCHEDULE=\"")
                && text.contains("swift test --filter violationFailsTheTestWithReportAndReplayLines")
                && issue.sourceLocation?.fileName == "LabExploreTests.swift"
        }
        let finding = try #require(report?.finding)
        #expect(finding.violations.first?.kind == .expectation)
    }

    @Test(
        "every strategy finds the lost job and passes the kept-alive worker",
        arguments: [Lab.Strategy.random, .pct(depth: 2), .pos, .exhaustive(preemptionBound: 1), .delayBounded(delayBound: 1), .dpor])
    func everyStrategyFindsTheRace(strategy: Lab.Strategy) throws {
        var racy: ExplorationReport?
        withKnownIssue { racy = try Lab.explore(strategy, schedules: 500) { startWorkerAndSendJob(keepAlive: false) } }
        #expect(racy?.finding?.violations.first?.kind == .expectation)
        let fixed = try #require(try Lab.explore(strategy, schedules: 500) { startWorkerAndSendJob(keepAlive: true) })
        #expect(fixed.finding == nil)
    }

    @Test func replayReproducesTheReportedRun() throws {
        var explored: ExplorationReport?
        withKnownIssue { explored = try Lab.explore(schedules: 200) { startWorkerAndSendJob(keepAlive: false) } }
        let finding = try #require(explored?.finding)
        var replayed: ReplayReport?
        try withKnownIssue {
            replayed = try Lab.replay(schedule: finding.run.schedule.description) { startWorkerAndSendJob(keepAlive: false) }
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("expectation failed: the job ran on the worker")
        }
        let replay = try #require(replayed)
        #expect(replay.run.trace.map(\.description) == finding.run.trace.map(\.description))
        #expect(replay.violations.map(\.description) == finding.violations.map(\.description))
    }

    @Test func replayOfAScheduleThatDoesNotFitFails() throws {
        try withKnownIssue {
            try Lab.replay(schedule: "0:T9") { startWorkerAndSendJob(keepAlive: true) }
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("the schedule does not fit the program")
        }
    }

    @Test(arguments: [
        (Lab.Strategy.random, 0, 1, "schedules must be positive, not 0"),
        (.random, 10, 0, "jobs must be positive, not 0"),
        (.pct(depth: 0), 10, 1, "PCT's depth must be 1 to 10, not 0"),
        (.exhaustive(preemptionBound: 21), 10, 1, "the preemption bound must be 0 to 20, not 21"),
        (.delayBounded(delayBound: -1), 10, 1, "the delay bound must be 0 to 20, not -1"),
    ])
    func badOptionsThrowBeforeRunning(strategy: Lab.Strategy, schedules: Int, jobs: Int, message: String) {
        #expect(throws: LabError(message)) {
            try Lab.explore(strategy, schedules: schedules, jobs: jobs) { startWorkerAndSendJob(keepAlive: true) }
        }
    }

    @Test func badScheduleThrows() {
        #expect(throws: LabError.self) {
            try Lab.replay(schedule: "four") { startWorkerAndSendJob(keepAlive: true) }
        }
    }
}
