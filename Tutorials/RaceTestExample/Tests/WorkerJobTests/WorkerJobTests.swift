import RunLoopLabTesting
import Testing
import WorkerJob

@Suite struct WorkerJobTests {
    /// Fails, by design: the explorer finds the schedule where the worker's loop exits
    /// before the job arrives, and the failure prints it with the ways to replay it.
    @Test func jobReachesTheWorker() throws {
        try Lab.explore(.pct(depth: 2), schedules: 500) {
            Lab.expect(sendJobToNewWorker(), "the job ran on the worker")
        }
    }

    /// The race, reproduced exactly from the schedule the failure printed: a regression
    /// test that passes while the bug is known.
    @Test func replayLosesTheJob() throws {
        withKnownIssue("the worker's loop finds its mode empty and exits before the job arrives") {
            try Lab.replay(schedule: "1:T1") {
                Lab.expect(sendJobToNewWorker(), "the job ran on the worker")
            }
        }
    }

    /// The fix: with a keep-alive port the job runs under every schedule PCT tries.
    @Test func jobReachesTheKeptAliveWorker() throws {
        try Lab.explore(.pct(depth: 2), schedules: 500) {
            Lab.expect(sendJobToNewWorkerKeptAlive(), "the job ran on the worker")
        }
    }
}
