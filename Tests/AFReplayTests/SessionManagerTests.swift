import AFReplay
import LabRuntime
import LabTestSupport
import NetSim
import RunLoopKit
import Testing

/// The session-manager design (spec §4): serial task creation, the task id → delegate map
/// under a non-recursive lock, a delegate queue of concurrency 1, completion through the
/// processing queue, and the did-complete notification.
@Suite("SessionManager: task id → delegate routing, serial creation, the did-complete notification")
struct SessionManagerTests {
    /// The three routes the routing test downloads, each with its own body and pacing so
    /// that the connections' callbacks interleave.
    static let routes: [(path: String, seed: UInt64, length: Int, chunks: [Int], gap: Duration)] = [
        ("/a", 11, 1_200, [300], .milliseconds(2)),
        ("/b", 12, 700, [100], .milliseconds(1)),
        ("/c", 13, 90, [30], .milliseconds(3)),
    ]

    /// A server with ``routes``.
    static func server() -> LoopbackServer {
        let server = makeServer()
        for route in routes {
            server.route("GET", route.path, .bytes(route.length, seed: route.seed, chunks: route.chunks, gap: route.gap))
        }
        return server
    }

    @Test(
        "tasks created concurrently from three threads get unique ids, and every callback reaches its own task's delegate",
        arguments: Array(UInt64(0)..<10))
    func routingUnderConcurrentCreation(seed: UInt64) {
        let received = Shared<[String: [UInt8]]>([:])
        let ids = Shared<[Int]>([])
        let registeredAtEnd = Shared<[Int]?>(nil)
        let result = simulate(seed: seed) {
            let server = Self.server()
            let manager = try SessionManager(server: server)
            manager.responseSerializer = HTTPResponseSerializer()
            for route in Self.routes {
                _ = LabThread.current.runtime.spawnThread(named: "creator \(route.path)") {
                    let task = endingRunOnError {
                        try manager.dataTask(with: get(route.path, on: server)) { _, object, error in
                            guard case let .data(bytes)? = object, error == nil else { return }
                            received.update { $0[route.path] = bytes }
                            guard received.value.count == Self.routes.count else { return }
                            // Behind every delegate message on the serial delegate queue.
                            manager.operationQueue.addOperation(
                                BlockOperation {
                                    registeredAtEnd.update { $0 = manager.registeredTaskIdentifiers }
                                })
                        }
                    }
                    ids.append(task.taskIdentifier)
                    task.resume()
                }
            }
        }
        #expect(result.outcome == .quiescent)
        #expect(ids.value.sorted() == [1, 2, 3])
        for route in Self.routes {
            #expect(received.value[route.path] == DeterministicBody(seed: route.seed).prefix(route.length))
        }
        #expect(registeredAtEnd.value == [])

        var taskOfConnection: [Int: String] = [:]
        for event in result.events("connection.create") {
            if case let .connectionCreated(connection, _, delegate) = event.kind { taskOfConnection[connection] = delegate }
        }
        #expect(taskOfConnection.values.sorted() == ["task 1", "task 2", "task 3"])
        var routed = 0
        for event in result.events("connection.callback") {
            guard case let .delegateCallback(connection, callback, delegate) = event.kind else { continue }
            guard let task = taskOfConnection[connection] else {
                Issue.record("callback of an unknown connection: \(event)")
                continue
            }
            if callback.hasPrefix("URLSession:") {
                #expect(event.threadName.hasPrefix("NSOperationQueue session manager delegate queue #"))
                if callback.hasPrefix("URLSession:dataTask:didReceiveResponse:") {
                    #expect(delegate == "session manager")
                } else {
                    #expect(delegate == "delegate of \(task)")
                    routed += 1
                }
            } else {
                #expect(event.threadName == SessionLoaderThread.name)
                #expect(delegate == task)
            }
        }
        #expect(routed >= 4 + 7 + 3 + 3)
        let lockEvents = result.events("lock.acquire").filter { $0.kind.detail.contains(SessionManager.lockName) }
        #expect(!lockEvents.isEmpty && lockEvents.allSatisfy { $0.kind.detail.hasSuffix("depth=1") })
        let creations = result.events("perform.run").filter { $0.kind.detail.hasPrefix("dataTaskWithRequest: session manager") }
        #expect(creations.count == 3)
        #expect(creations.allSatisfy { $0.threadName == "com.alamofire.networking.session.manager.creation #1" })
    }

    @Test("without the creation queue, concurrent dataTaskWithRequest: can hand out the same id (iOS 7); the manager never does")
    func identifiersWithoutCreationQueue() {
        func identifiers(seed: UInt64, throughManager: Bool) -> [Int] {
            let ids = Shared<[Int]>([])
            let result = simulate(seed: seed) {
                let server = makeServer()
                let manager = try SessionManager(server: server)
                for index in 0..<3 {
                    _ = LabThread.current.runtime.spawnThread(named: "creator \(index)") {
                        let request = get("/small", on: server)
                        let task =
                            throughManager
                            ? endingRunOnError { try manager.dataTask(with: request, completionHandler: nil) }
                            : manager.session.dataTask(with: request)
                        ids.append(task.taskIdentifier)
                    }
                }
            }
            #expect(result.outcome == .quiescent)
            return ids.value
        }
        let seedsWithDuplicates = (UInt64(0)..<20).filter { seed in Set(identifiers(seed: seed, throughManager: false)).count < 3 }
        #expect(!seedsWithDuplicates.isEmpty)
        for seed in seedsWithDuplicates {
            #expect(identifiers(seed: seed, throughManager: true).sorted() == [1, 2, 3])
        }
    }

    @Test(
        "AFNetworkingTaskDidCompleteNotification is posted on main after the handler, for success, failure and cancel",
        arguments: seeds)
    func didCompleteNotification(seed: UInt64) throws {
        let lines = Shared<[String]>([])
        let tasks = Shared<[SessionTask]>([])
        let result = simulate(seed: seed) {
            let server = makeServer()
            server.route("GET", "/reset", RouteScript(body: .text("0123456789"), fault: .reset(afterBodyBytes: 4)))
            let manager = try SessionManager(server: server)
            NotificationCenter.default().addObserver(for: .taskDidComplete, observerName: "test") { notification in
                lines.append("notification \(notification.object?.traceName ?? "nil") on \(LabThread.current.name)")
            }
            var made: [SessionTask] = []
            for path in ["/json", "/reset", "/stall"] {
                let task = try manager.dataTask(with: get(path, on: server)) { response, object, error in
                    let outcome = error.map { "error \($0.code)" } ?? "object \(object.map { "\($0)" } ?? "nil")"
                    lines.append("handler \(path) \(response?.statusCode ?? 0) \(outcome) on \(LabThread.current.name)")
                }
                task.resume()
                made.append(task)
            }
            tasks.update { $0 = made }
            let stalled = made[2]
            RunLoop.current.perform(afterDelay: .milliseconds(20), inModes: [.common]) { stalled.cancel() }
        }
        #expect(result.outcome == .quiescent)
        #expect(tasks.value.map(\.state) == [.completed, .completed, .completed])
        #expect(tasks.value.map { $0.error?.code } == [nil, -1005, -999])
        let handlers = lines.value.filter { $0.hasPrefix("handler") }.sorted()
        try #require(handlers.count == 3)
        #expect(handlers.first?.hasPrefix("handler /json 200 object json(") == true && handlers.first?.hasSuffix(" on main") == true)
        #expect(handlers[1] == "handler /reset 200 error -1005 on main")
        #expect(handlers[2] == "handler /stall 0 error -999 on main")
        for task in ["task 1", "task 2", "task 3"] {
            #expect(lines.value.filter { $0 == "notification \(task) on main" }.count == 1)
            let posted = result.trace.firstIndex {
                $0.kind == .notificationPosted(name: Notification.Name.taskDidComplete.rawValue, object: task)
            }
            let handled = result.trace.firstIndex { $0.kind == .completion(operation: task, block: "completionHandler") }
            #expect(posted != nil && handled != nil && handled! < posted!)
        }
        #expect(result.events("notification.post").allSatisfy { $0.threadName == "main" })
        #expect(
            result.events("perform.run").contains {
                $0.threadName.hasPrefix("com.alamofire.networking.session.manager.processing #")
                    && $0.kind.detail.hasPrefix("serialize response of task 1")
            })
    }
}

/// The same seed gives the same trace for the managers and batches.
@Suite("Managers: determinism")
struct ManagerDeterminismTests {
    @Test(
        "a session manager, a request-operation manager and a batch give a byte-identical trace for one seed",
        arguments: Fidelity.allCases)
    func sameSeedSameTrace(fidelity: Fidelity) {
        func once() -> String {
            simulate(seed: 42) {
                let server = SessionManagerTests.server()
                let session = try SessionManager(server: server)
                for path in ["/a", "/b"] {
                    _ = LabThread.current.runtime.spawnThread(named: "creator \(path)") {
                        endingRunOnError { try session.dataTask(with: get(path, on: server), completionHandler: nil) }.resume()
                    }
                }
                let manager = try HTTPRequestOperationManager(baseURL: server.baseURL, server: server, fidelity: fidelity)
                manager.responseSerializer = HTTPResponseSerializer()
                let members = ["c", "small"].map { path in
                    manager.httpRequestOperation(with: get("/\(path)", on: server), success: nil, failure: nil)
                }
                manager.operationQueue.addOperations(URLConnectionOperation.batchOfRequestOperations(members, progress: nil) { _ in })
            }.traceText
        }
        let first = once()
        #expect(first == once())
        #expect(first.contains("batch completion"))
        #expect(first.contains("→ delegate of task 2"))
    }
}
