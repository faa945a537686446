import AFReplay
import LabRuntime
import NetSim

extension Scenario {
    /// `resume-limit-*`: a queue with `maxConcurrentOperationCount` 1 gets two stalling
    /// downloads, the second paused before it is added; a user thread resumes it. In 2.6.3
    /// `resume` calls `start` directly, so both can execute at once (deviation 7). The
    /// scenario expects, whenever a DidStart is delivered, at most one of them Executing.
    /// Virtual time stops at 10 s, well before the requests time out.
    public static func resumeQueueLimit(_ fidelity: Fidelity) -> Scenario {
        afNetworking(
            "resume-limit", fidelity, summary: "resume a paused operation in a queue limited to 1",
            timeLimit: .seconds(10)
        ) {
            let server = afServer()
            let queue = LabOperationQueue(name: "q", maxConcurrentOperationCount: 1)
            let first = URLConnectionOperation(
                request: HTTPRequest(url: server.url("/stall")), server: server,
                fidelity: fidelity, name: "op A")
            let second = URLConnectionOperation(
                request: HTTPRequest(url: server.url("/stall")), server: server,
                fidelity: fidelity, name: "op B")
            NotificationCenter.default().addObserver(for: .operationDidStart, observerName: "limit watcher") { _ in
                ScenarioExpectation.check(
                    !(first.isExecuting && second.isExecuting),
                    "op A and op B execute at once in a queue limited to 1")
            }
            second.pause()
            queue.addOperations([first, second])
            _ = currentRuntime().spawnThread(named: "resumer") { second.resume() }
        }
    }
}
