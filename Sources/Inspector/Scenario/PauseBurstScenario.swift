import AFReplay
import LabRuntime
import NetSim

extension Scenario {
    /// `pause-burst-*`: the server sends a download's three chunks back to back, with no gap,
    /// while a user thread pauses it, then resumes it at 30 ms. Nothing lines a chunk up
    /// with the pause: in 2.6.3 the HTTP pause reads the stream's length without the lock
    /// (a cell access, so a point where the network thread can run), and a chunk appended
    /// between that read and `operationDidPause` is kept and requested again by the Range
    /// resume (deviation 8). The scenario expects success with the exact body.
    public static func pauseBurst(_ fidelity: Fidelity) -> Scenario {
        afNetworking("pause-burst", fidelity, summary: "pause a download whose chunks arrive back to back, resume later") {
            let server = LoopbackServer()
            server.route("GET", "/burst", .bytes(10, seed: 9, chunks: [4, 3, 3], etag: "\"v1\""))
            pauseAndResumeDownload(from: server, path: "/burst", fidelity: fidelity, pauseTime: nil)
        }
    }
}
