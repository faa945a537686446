import RunLoopLabTesting
import Testing

@Suite struct LabFileTests {
    static let cancelRace = "Tutorials/scenarios/cancel-race.lab"

    @Test func exploringAFileReportsItsReplayLines() throws {
        var report: ExplorationReport?
        try withKnownIssue {
            report = try Lab.explore(file: Self.cancelRace, schedules: 20)
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return text.contains("explore \(Self.cancelRace): random (seed 0)")
                && text.contains("replay:    Lab.replay(file: \"\(Self.cancelRace)\", schedule: \"")
                && text.contains("runloop-lab replay --scenario \(Self.cancelRace) --schedule \"")
        }
        let finding = try #require(report?.finding)
        var replayed: ReplayReport?
        withKnownIssue {
            replayed = try Lab.replay(file: Self.cancelRace, schedule: finding.run.schedule.description)
        }
        let replay = try #require(replayed)
        #expect(replay.run.trace.map(\.description) == finding.run.trace.map(\.description))
        #expect(replay.violations.map(\.description) == finding.violations.map(\.description))
    }

    @Test func aFileThatCannotBeReadThrows() {
        #expect(throws: LabError("cannot read scenario file 'Tutorials/scenarios/no-such.lab'")) {
            try Lab.explore(file: "Tutorials/scenarios/no-such.lab")
        }
    }
}
