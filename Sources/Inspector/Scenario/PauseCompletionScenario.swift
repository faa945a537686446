import AFReplay
import LabRuntime
import NetSim

extension Scenario {
    /// `pause-completion-*`: a user thread pauses a chunked download at 10 ms, as its last
    /// chunk lands, and resumes it at 30 ms. In 2.6.3 the Range offset is sampled before the
    /// network thread cancels the connection, so bytes that land in between are kept and
    /// requested again (deviation 8). The scenario expects success with the exact body.
    public static func pauseCompletion(_ fidelity: Fidelity) -> Scenario {
        afNetworking("pause-completion", fidelity, summary: "pause a download as its last chunk lands, resume later") {
            let server = afServer()
            let operation = HTTPRequestOperation(
                request: HTTPRequest(url: server.url("/big")), server: server,
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
                runtime.sleep(until: .zero + .milliseconds(10))
                operation.pause()
                runtime.sleep(until: .zero + .milliseconds(30))
                operation.resume()
            }
        }
    }
}
