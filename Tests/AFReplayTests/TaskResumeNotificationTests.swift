import AFReplay
import LabRuntime
import LabTestSupport
import NetSim
import RunLoopKit
import Testing

/// The resume notifications of AFNetworking 2.6.3's session manager (spec §4): the swizzled
/// `af_resume` posts `AFNSURLSessionTaskDidResumeNotification` on the resuming thread when
/// the task was not running, the manager re-posts `AFNetworkingTaskDidResumeNotification` on
/// main for its own tasks, and the activity indicator counts it up, as it counts
/// `AFNetworkingTaskDidCompleteNotification` down.
@Suite("Session task resume notifications: posted when the task was not running, counted by the activity indicator")
struct TaskResumeNotificationTests {
    /// The notifications posted about task 1, as `name on thread`, and the indicator's history,
    /// after main makes one task for `/small` and resumes it (or `resumingThreads` threads do); the
    /// completion handler resumes it once more when `resumeAfterCompletion`.
    static func run(
        seed: UInt64, resumingThreads: Int = 1, resumeAfterCompletion: Bool = false
    ) -> (SimulationResult, posts: [String], history: [Int]) {
        let history = Shared<[Int]>([])
        let result = simulate(seed: seed) {
            let server = makeServer()
            let manager = try SessionManager(server: server)
            manager.responseSerializer = HTTPResponseSerializer()
            let indicator = NetworkActivityIndicator()
            let task = Shared<SessionTask?>(nil)
            let made = try manager.dataTask(with: get("/small", on: server)) { _, _, _ in
                if resumeAfterCompletion { task.value?.resume() }
                // Behind the TaskDidComplete post and any TaskDidResume queued before it.
                MainQueue.shared().async(label: "read the indicator") {
                    MainQueue.shared().async(label: "read the indicator again") { history.update { $0 = indicator.history } }
                }
            }
            task.update { $0 = made }
            if resumingThreads == 1 {
                made.resume()
            } else {
                for index in 1...resumingThreads {
                    _ = LabThread.current.runtime.spawnThread(named: "resumer \(index)") { made.resume() }
                }
            }
        }
        let posts = result.events("notification.post").compactMap { event -> String? in
            guard case let .notificationPosted(name, object) = event.kind, object == "task 1" else { return nil }
            return "\(name) on \(event.threadName)"
        }
        return (result, posts, history.value)
    }

    @Test(
        "resume posts the private notification on the resuming thread, TaskDidResume on main; the indicator goes up, then down at TaskDidComplete",
        arguments: seeds)
    func resumeThenComplete(seed: UInt64) {
        let (result, posts, history) = Self.run(seed: seed)
        #expect(result.outcome == .quiescent)
        #expect(
            posts == [
                "com.alamofire.networking.nsurlsessiontask.resume on main",
                "com.alamofire.networking.task.resume on main",
                "com.alamofire.networking.task.complete on main",
            ])
        #expect(history == [1, 0])
    }

    @Test(
        "resuming a completed task, in its completion handler, still posts TaskDidResume (the state read was not running): the indicator stays on",
        arguments: seeds)
    func resumeAfterCompletionLeavesTheIndicatorOn(seed: UInt64) {
        let (result, posts, history) = Self.run(seed: seed, resumeAfterCompletion: true)
        #expect(result.outcome == .quiescent)
        #expect(posts.filter { $0.hasPrefix("com.alamofire.networking.task.resume ") }.count == 2)
        // The handler's resume queued TaskDidResume on main before the handler's own
        // TaskDidComplete post: up to 2, then down to 1, where it stays.
        #expect(history == [1, 2, 1])
        #expect(result.details("connection.create").count == 1)
    }

    @Test(
        "two threads resuming one suspended task can both read it suspended: some schedules post TaskDidResume twice, and the indicator ends at 1"
    )
    func concurrentResumesCanBothPost() {
        let runs = (UInt64(0)..<40).map { Self.run(seed: $0, resumingThreads: 2) }
        #expect(runs.allSatisfy { $0.0.outcome == .quiescent })
        let resumes = runs.map { run in run.posts.filter { $0.hasPrefix("com.alamofire.networking.task.resume ") }.count }
        #expect(Set(resumes) == [1, 2])
        for (run, count) in zip(runs, resumes) {
            #expect(run.history.last == count - 1)
            #expect(run.0.details("connection.create").count == 1)
        }
    }
}
