import AFReplay
import LabRuntime
import NetSim

extension Scenario {
    /// The program of `pause-burst-*`: an HTTP download of the
    /// 10-byte body at `path` that must succeed with exactly that body, started on main, and
    /// a user thread that pauses it (at `pauseTime`, or at once) and resumes it at 30 ms.
    static func pauseAndResumeDownload(from server: LoopbackServer, path: String, fidelity: Fidelity, pauseTime: Duration?) {
        let operation = HTTPRequestOperation(
            request: HTTPRequest(url: server.url(path)), server: server,
            fidelity: fidelity, name: "op A")
        let expected = ResponseObject.data(DeterministicBody(seed: 9).prefix(10))
        operation.setCompletionBlockWithSuccess(
            { _, object in
                ScenarioExpectation.check(object == expected, "op A succeeded with a body that is not the one sent")
            },
            failure: { _, error in
                ScenarioExpectation.check(false, "op A failed with \(error.code)")
            })
        operation.start()
        let runtime = currentRuntime()
        _ = runtime.spawnThread(named: "user") {
            if let pauseTime { runtime.sleep(until: .zero + pauseTime) }
            operation.pause()
            runtime.sleep(until: .zero + .milliseconds(30))
            operation.resume()
        }
    }
}
