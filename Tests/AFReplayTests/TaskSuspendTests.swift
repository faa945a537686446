import AFReplay
import LabRuntime
import LabTestSupport
import NetSim
import RunLoopKit
import Testing

/// Suspending a session task (spec §4): `NSURLSessionTask`'s `suspend` holds the task's
/// messages until it is resumed, and AFNetworking 2.6.3's swizzled `af_suspend` posts
/// `AFNSURLSessionTaskDidSuspendNotification` whenever the task was not suspended, which the
/// manager re-posts on main as `AFNetworkingTaskDidSuspendNotification` and the activity
/// indicator counts down, even for a task that has already completed.
@Suite("Session task suspend: messages held until resume, and DidSuspend counted down by the activity indicator")
struct TaskSuspendTests {
    /// What the completion handlers saw: the indicator's history, read after the posts
    /// queued behind the last handler, and each handler's bytes or error, in order.
    struct Observed: Sendable {
        var history: [Int] = []
        var completions: [String] = []
    }

    /// The notifications posted about `task`, as `name on thread`, in order.
    static func posts(about task: String, in result: SimulationResult) -> [String] {
        result.events("notification.post").compactMap { event -> String? in
            guard case let .notificationPosted(name, object) = event.kind, object == task else { return nil }
            return "\(name) on \(event.threadName)"
        }
    }

    /// A manager with a raw-data serializer and a handler that records what each task
    /// received, then reads a new activity indicator after the posts queued behind it.
    static func manager(
        on server: LoopbackServer, observed: Shared<Observed>
    ) throws -> (SessionManager, SessionManager.CompletionHandler) {
        let manager = try SessionManager(server: server)
        manager.responseSerializer = HTTPResponseSerializer()
        let indicator = NetworkActivityIndicator()
        let handler: SessionManager.CompletionHandler = { _, object, error in
            let bytes: Int
            if case let .data(body) = object { bytes = body.count } else { bytes = -1 }
            let outcome = error.map { "error \($0.code)" } ?? "\(bytes) bytes"
            observed.update { $0.completions.append(outcome) }
            MainQueue.shared().async(label: "read the indicator") {
                MainQueue.shared().async(label: "read the indicator again") { observed.update { $0.history = indicator.history } }
            }
        }
        return (manager, handler)
    }

    /// Main resumes a task for `/big`, suspends it 1 ms later (after its first chunk), lets
    /// 30 ms pass, then hands it to `then`.
    static func suspendMidDownload(
        seed: UInt64, observed: Shared<Observed>, then: @escaping @Sendable (SessionTask) -> Void
    ) -> SimulationResult {
        simulate(seed: seed) {
            let server = makeServer()
            let (manager, handler) = try Self.manager(on: server, observed: observed)
            let task = try manager.dataTask(with: get("/big", on: server), completionHandler: handler)
            task.resume()
            _ = try RunLoop.current.run(mode: .default, before: LabThread.current.runtime.now() + .milliseconds(1))
            task.suspend()
            #expect(task.state == .suspended)
            _ = try RunLoop.current.run(mode: .default, before: LabThread.current.runtime.now() + .milliseconds(30))
            then(task)
        }
    }

    @Test(
        "a task suspended mid-download queues no message until resumed, then hands on the rest in order and completes once",
        arguments: seeds)
    func suspendHoldsMessagesUntilResume(seed: UInt64) throws {
        let observed = Shared(Observed())
        let result = Self.suspendMidDownload(seed: seed, observed: observed) { $0.resume() }
        #expect(result.outcome == .quiescent)
        let trace = result.trace.map { "\($0.name) \($0.kind.detail)" }
        let suspended = try #require(trace.firstIndex { $0.contains("task 1 suspended") })
        let resumed = try #require(trace.firstIndex { $0.contains("task 1 resumed") })
        let queuedWhileSuspended = trace[suspended..<resumed].filter { $0.contains("URLSession:") }
        #expect(queuedWhileSuspended.isEmpty)
        // The loader thread still read the rest while the task was suspended.
        #expect(trace[suspended..<resumed].contains { $0.contains("didFinishLoading → task 1") })
        let data = result.details("connection.callback", containing: "URLSession:dataTask:didReceiveData:")
        let sizes = data.map { detail in [4, 3].first { detail.contains("didReceiveData: \($0) bytes") } ?? 0 }
        #expect(sizes == [4, 3, 3])
        #expect(observed.value.completions == ["10 bytes"])
        #expect(
            Self.posts(about: "task 1", in: result) == [
                "com.alamofire.networking.nsurlsessiontask.resume on main",
                "com.alamofire.networking.task.resume on main",
                "com.alamofire.networking.nsurlsessiontask.suspend on main",
                "com.alamofire.networking.task.suspend on main",
                "com.alamofire.networking.nsurlsessiontask.resume on main",
                "com.alamofire.networking.task.resume on main",
                "com.alamofire.networking.task.complete on main",
            ])
        #expect(observed.value.history == [1, 0, 1, 0])
    }

    @Test(
        "suspending a completed task still posts DidSuspend (the state read was not suspended): the indicator goes off while another task loads",
        arguments: seeds)
    func suspendAfterCompletionHidesAnotherTask(seed: UInt64) {
        let observed = Shared(Observed())
        let result = simulate(seed: seed) {
            let server = makeServer()
            let (manager, handler) = try Self.manager(on: server, observed: observed)
            let big = try manager.dataTask(with: get("/big", on: server), completionHandler: handler)
            let small = Shared<SessionTask?>(nil)
            let made = try manager.dataTask(with: get("/small", on: server)) { response, object, error in
                small.value?.suspend()
                handler(response, object, error)
            }
            small.update { $0 = made }
            big.resume()
            made.resume()
        }
        #expect(result.outcome == .quiescent)
        #expect(observed.value.completions == ["10 bytes", "10 bytes"])
        #expect(Self.posts(about: "task 2", in: result).filter { $0.hasPrefix("com.alamofire.networking.task.") }.count == 3)
        // Up for each resume; small's DidSuspend (queued by its handler) and DidComplete take
        // it to 0 while big still loads; big's DidComplete is then clamped.
        #expect(observed.value.history == [1, 2, 1, 0, 0])
    }

    @Test("suspend and resume do nothing to a task cancelled while suspended, which completes once with −999", arguments: seeds)
    func cancelWhileSuspended(seed: UInt64) {
        let observed = Shared(Observed())
        let result = Self.suspendMidDownload(seed: seed, observed: observed) { task in
            task.cancel()
            task.resume()
            #expect(task.state == .completed)
        }
        #expect(result.outcome == .quiescent)
        #expect(observed.value.completions == ["error -999"])
        #expect(result.details("connection.callback", containing: "URLSession:task:didCompleteWithError:").count == 1)
    }
}
