import AFReplay
import LabRuntime
import NetSim

extension Scenario {
    /// `pause-cancel-pair-*`: the app's main thread starts two small downloads, pauses the
    /// first and cancels the second, then serves the main queue. The network thread's hops
    /// (`operationDidStart`, `operationDidPause`, `cancelConnection`), the server and main race
    /// for both operations; the schedule decides whether each pause or cancel lands before the
    /// connection starts, while it is live, or after the download finished.
    public static func pauseCancelPair(_ fidelity: Fidelity) -> Scenario {
        afNetworking("pause-cancel-pair", fidelity, summary: "start two downloads on main, pause one and cancel the other") {
            let server = afServer()
            let paused = HTTPRequestOperation(
                request: HTTPRequest(url: server.url("/small")), server: server,
                fidelity: fidelity, name: "op A")
            let cancelled = HTTPRequestOperation(
                request: HTTPRequest(url: server.url("/small")), server: server,
                fidelity: fidelity, name: "op B")
            paused.start()
            cancelled.start()
            paused.pause()
            cancelled.cancel()
        }
    }
}
