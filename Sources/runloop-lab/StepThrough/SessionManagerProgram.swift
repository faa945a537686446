import AFReplay
import LabRuntime
import NetSim
import RunLoopKit
import Walkthrough

/// The contrast to the interview question, as a built-in program (the scenario language has
/// no session tasks yet): the same big download and small GET as data tasks of one
/// `AFURLSessionManager`, whose callbacks find their task's delegate by looking the task id
/// up in `mutableTaskDelegatesKeyedByTaskIdentifier`, under the manager's lock.
struct SessionManagerProgram: DemoProgram {
    let title = "session manager (built in)"
    let introduction = [
        "For contrast: AFURLSessionManager (AFNetworking 2.x's NSURLSession side).",
        "The same big download and small GET are data tasks of one session. The session has",
        "one delegate, the manager, so a callback carries only a task: the manager looks the",
        "task id up in its task id → delegate dictionary, under its lock, and forwards the",
        "message to that delegate on the session's serial delegate queue.",
    ]

    func run(using strategy: any SchedulingStrategy) -> ProgramRun {
        let simulation = Simulation(strategy: strategy, stepLimit: 300_000, timeLimit: .seconds(300))
        let result = simulation.run {
            let server = LoopbackServer()
            server.route("GET", "/big", .bytes(4_000, chunks: [500], gap: .milliseconds(2), etag: "\"v1\""))
            server.route("GET", "/small", RouteScript(contentType: "application/json", body: .text(#"{"ok":true}"#)))
            do throws(RunLoopError) {
                let manager = try SessionManager(server: server)
                manager.responseSerializer = HTTPResponseSerializer()
                var tasks: [SessionTask] = []
                for path in ["/big", "/small"] {
                    tasks.append(try manager.dataTask(with: HTTPRequest(url: server.url(path)), completionHandler: { _, _, _ in }))
                }
                for task in tasks { task.resume() }
                try MainQueue.main.run()
            } catch {
                error.fail(in: currentRuntime())
            }
        }
        return ProgramRun(
            trace: result.trace, outcome: result.outcome.scenarioName, schedule: result.schedule, summary: [],
            systemCallFailure: result.outcome.systemCallFailure)
    }
}
