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
            pauseAndResumeDownload(from: server, path: "/big", fidelity: fidelity, pauseTime: .milliseconds(10))
        }
    }
}
