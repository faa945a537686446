import AFReplay
import LabRuntime
import NetSim

extension Scenario {
    /// `pause-cancel-*`: a download is started, then paused from one thread and cancelled
    /// from another. In 2.6.3 a cancel between `pause`'s unlocked check and its lock leaves
    /// the operation Paused and cancelled for ever (deviations 2 and 3).
    public static func pauseCancel(_ fidelity: Fidelity) -> Scenario {
        afNetworking("pause-cancel", fidelity, summary: "pause and cancel a started download from two threads") {
            let server = afServer()
            let operation = HTTPRequestOperation(
                request: HTTPRequest(url: server.url("/big")), server: server,
                fidelity: fidelity, name: "op A")
            operation.start()
            let runtime = currentRuntime()
            _ = runtime.spawnThread(named: "pauser") { operation.pause() }
            _ = runtime.spawnThread(named: "canceller") { operation.cancel() }
        }
    }
}
