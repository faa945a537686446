import AFReplay
import LabRuntime
import NetSim

extension Scenario {
    /// `pause-after-start-*`: main starts an operation and pauses it at once, racing the
    /// network thread's `operationDidStart`. In 2.6.3 a pause that lands first still gets a
    /// connection and a DidStart posted after its DidFinish, so the activity indicator
    /// sticks at 1 (deviations 4 and 5).
    public static func pauseAfterStart(_ fidelity: Fidelity) -> Scenario {
        afNetworking("pause-after-start", fidelity, summary: "pause an operation right after starting it") {
            let server = afServer()
            let operation = URLConnectionOperation(
                request: HTTPRequest(url: server.url("/stall")), server: server,
                fidelity: fidelity, name: "op A")
            operation.start()
            operation.pause()
        }
    }
}
