import AFReplay
import LabRuntime
import NetSim

extension Scenario {
    /// `cancel-completion-*`: a small download is started and cancelled from another thread
    /// while its response lands. A cancel that sets the flag before `didFinishLoading` and
    /// whose `cancelConnection` hop runs after it loses: the operation finishes with success
    /// although it was cancelled. The scenario expects a cancelled operation never to report
    /// success.
    public static func cancelCompletion(_ fidelity: Fidelity) -> Scenario {
        afNetworking("cancel-completion", fidelity, summary: "cancel a download from another thread as it completes") {
            let server = afServer()
            let operation = HTTPRequestOperation(
                request: HTTPRequest(url: server.url("/small")), server: server,
                fidelity: fidelity, name: "op A")
            operation.setCompletionBlockWithSuccess(
                { operation, _ in
                    ScenarioExpectation.check(!operation.isCancelled, "op A ran success although it was cancelled")
                }, failure: nil)
            operation.start()
            _ = currentRuntime().spawnThread(named: "canceller") { operation.cancel() }
        }
    }
}
