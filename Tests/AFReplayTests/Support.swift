import AFReplay
import LabRuntime
import NetSim
import RunLoopKit

/// The seeds most simulated tests run under.
let seeds: [UInt64] = [0, 1, 2, 3, 4]

/// Runs `setup` on the simulation's main thread, then serves the main queue until the run
/// is quiescent (or virtual time reaches `timeLimit`): the shape of an app
/// (`UIApplicationMain` after `didFinishLaunching`). An error `setup` throws (a loop that
/// got no descriptor) ends the run with it.
func simulate(
    seed: UInt64, timeLimit: Duration? = nil, _ setup: @escaping @Sendable () throws -> Void
) -> SimulationResult {
    Simulation.run(seed: seed, stepLimit: 300_000, timeLimit: timeLimit) {
        endingRunOnError {
            try setup()
            try MainQueue.main.run()
        }
    }
}

/// How long the tests that keep a `/stall` connection open let virtual time run: well
/// short of the request's 60 s timeout.
let stallWindow = Duration.seconds(10)

/// The outcome of a run stopped at ``stallWindow``.
let stoppedInStall = SimulationOutcome.timeLimitReached(.zero + stallWindow)

/// A server with the routes the tests use: `/stall` never answers, `/small` sends 10
/// bytes, `/big` sends 10 bytes in chunks 4,3,3 with ETag "v1", `/json` a JSON document.
func makeServer() -> LoopbackServer {
    let server = LoopbackServer()
    server.route("GET", "/stall", RouteScript(fault: .stall))
    server.route("GET", "/small", .bytes(10, seed: 7))
    server.route("GET", "/big", .bytes(10, seed: 9, chunks: [4, 3, 3], gap: .milliseconds(5), etag: "\"v1\""))
    server.route("GET", "/json", RouteScript(contentType: "application/json", body: .text(#"{"ok":true,"n":[1,2]}"#)))
    return server
}

/// A GET request for `path` on `server`.
func get(_ path: String, on server: LoopbackServer) -> HTTPRequest {
    HTTPRequest(url: server.url(path))
}

extension SimulationResult {
    /// The events called `name`, in order.
    func events(_ name: String) -> [TraceEvent] { trace.filter { $0.name == name } }

    /// The details of the events called `name` whose detail contains `text`.
    func details(_ name: String, containing text: String = "") -> [String] {
        events(name).map(\.kind.detail).filter { text.isEmpty || $0.contains(text) }
    }

    /// The short names (`DidStart`, `DidFinish`) of the AFNetworking notifications posted
    /// about `operation`, in order.
    func notifications(of operation: String) -> [String] {
        events("notification.post").compactMap { event -> String? in
            guard case let .notificationPosted(name, object) = event.kind, object == operation else { return nil }
            switch Notification.Name(name) {
            case .operationDidStart: return "DidStart"
            case .operationDidFinish: return "DidFinish"
            default: return nil
            }
        }
    }

    /// `"from → to"` (with " rejected") for every state transition of `operation`.
    func transitions(of operation: String) -> [String] {
        events("operation.state").compactMap { event in
            guard case let .operationState(name, from, to, accepted) = event.kind, name == operation else { return nil }
            return "\(from) → \(to)" + (accepted ? "" : " rejected")
        }
    }

    /// `"will isFinished"` for every KVO notification of `operation`, in order.
    func kvo(of operation: String) -> [String] {
        events("kvo").compactMap { event in
            guard case let .kvo(object, key, phase) = event.kind, object == operation else { return nil }
            return "\(phase) \(key)"
        }
    }

    /// The completion-kind events (`completion block`, `success`, …) of `operation`, with
    /// the thread each ran on.
    func completions(of operation: String) -> [(block: String, thread: String)] {
        events("completion").compactMap { event in
            guard case let .completion(name, block) = event.kind, name == operation else { return nil }
            return (block, event.threadName)
        }
    }

    /// The hops of `operation` that ran on the network thread (`operationDidStart op A`, …).
    func hops(of operation: String) -> [String] {
        events("perform.run").filter { $0.threadName == NetworkThread.name }.compactMap { event in
            guard case let .performRun(label, _) = event.kind, label.hasSuffix(" \(operation)") else { return nil }
            return label
        }
    }
}

extension SimulationResult {
    /// The largest number of `operations` that were Executing at the same time, from their
    /// state transitions in trace order.
    func peakExecuting(_ operations: Set<String>) -> Int {
        var executing: Set<String> = []
        var peak = 0
        for event in events("operation.state") {
            guard case let .operationState(name, from, to, true) = event.kind, operations.contains(name) else { continue }
            if to == "executing" { executing.insert(name) }
            if from == "executing" { executing.remove(name) }
            peak = max(peak, executing.count)
        }
        return peak
    }

    /// The thread that made `operation`'s transition `from → to`, if it happened.
    func thread(of operation: String, _ from: String, _ to: String) -> String? {
        events("operation.state").first { $0.kind == .operationState(operation: operation, from: from, to: to, accepted: true) }?.threadName
    }
}

/// What `body` returns, on a simulated thread that has nobody to tell of its error: an
/// error it throws (a loop that got no descriptor) ends the run with it.
func endingRunOnError<T>(_ body: () throws -> T) -> T {
    do {
        return try body()
    } catch let error as RunLoopError {
        error.fail(in: currentRuntime())
    } catch {
        preconditionFailure("only a run loop's errors are thrown here: \(error)")
    }
}
