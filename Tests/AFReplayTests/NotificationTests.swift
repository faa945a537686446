import AFReplay
import LabRuntime
import LabTestSupport
import NetSim
import RunLoopKit
import Testing

/// DidStart/DidFinish on the main queue and the activity-indicator consumer (spec §3.3,
/// §3.6, §3.7, §7).
@Suite("Operation notifications on main and the network activity indicator")
struct NotificationTests {
    @Test(
        "two downloads: DidStart then DidFinish for each, posted and delivered on main; the indicator returns to 0",
        arguments: Fidelity.allCases, seeds)
    func twoDownloads(fidelity: Fidelity, seed: UInt64) {
        let indicator = Shared<NetworkActivityIndicator?>(nil)
        let result = simulate(seed: seed) {
            indicator.update { $0 = NetworkActivityIndicator() }
            let server = makeServer()
            for (name, path) in [("op A", "/big"), ("op B", "/small")] {
                URLConnectionOperation(request: get(path, on: server), server: server, fidelity: fidelity, name: name).start()
            }
        }
        #expect(result.outcome == .quiescent)
        #expect(result.notifications(of: "op A") == ["DidStart", "DidFinish"])
        #expect(result.notifications(of: "op B") == ["DidStart", "DidFinish"])
        #expect(result.events("notification.post").allSatisfy { $0.threadName == "main" })
        #expect(
            result.events("notification.deliver").allSatisfy {
                $0.threadName == "main" && $0.kind.detail.hasSuffix("→ NetworkActivityIndicator")
            })
        #expect(indicator.value?.count == 0 && indicator.value?.isVisible == false)
        let history = indicator.value?.history ?? []
        #expect(history.count == 4 && history.max() ?? 0 <= 2 && history.last == 0)
    }

    @Test(
        "pause then resume while executing: DidStart, DidFinish (the pause), DidStart, DidFinish; the indicator ends at 0",
        arguments: Fidelity.allCases, seeds)
    func pauseResumeCounts(fidelity: Fidelity, seed: UInt64) {
        let indicator = Shared<NetworkActivityIndicator?>(nil)
        let result = simulate(seed: seed) {
            indicator.update { $0 = NetworkActivityIndicator() }
            let server = makeServer()
            let op = URLConnectionOperation(request: get("/big", on: server), server: server, fidelity: fidelity, name: "op A")
            let progressCalls = Shared(0)
            op.downloadProgress = { _, _, _ in
                progressCalls.update { $0 += 1 }
                if progressCalls.value == 1 {
                    op.pause()
                    RunLoop.current.perform(afterDelay: .milliseconds(50), inModes: [.common]) { op.resume() }
                }
            }
            op.start()
        }
        #expect(result.outcome == .quiescent)
        #expect(result.notifications(of: "op A") == ["DidStart", "DidFinish", "DidStart", "DidFinish"])
        #expect(indicator.value?.history == [1, 0, 1, 0])
    }

    @Test(
        "pause right after start: in 2.6.3 DidStart can land after the pause's DidFinish and the indicator sticks at 1; hardened stays balanced"
    )
    func pauseBeforeConnectRace() {
        var stuck: [UInt64] = []
        for seed in UInt64(0)..<24 {
            for fidelity in Fidelity.allCases {
                let indicator = Shared<NetworkActivityIndicator?>(nil)
                let result = simulate(seed: seed) {
                    indicator.update { $0 = NetworkActivityIndicator() }
                    let server = makeServer()
                    let op = URLConnectionOperation(request: get("/stall", on: server), server: server, fidelity: fidelity, name: "op A")
                    op.start()
                    op.pause()
                }
                #expect(result.outcome == .quiescent)
                let notifications = result.notifications(of: "op A")
                switch fidelity {
                case .afn263:
                    #expect(notifications.sorted() == ["DidFinish", "DidStart"])
                    if notifications == ["DidFinish", "DidStart"] {
                        #expect(indicator.value?.count == 1)
                        stuck.append(seed)
                    } else {
                        #expect(indicator.value?.count == 0)
                    }
                case .hardened:
                    #expect(notifications == [] || notifications == ["DidStart", "DidFinish"])
                    #expect(indicator.value?.count == 0)
                }
            }
        }
        #expect(!stuck.isEmpty, "no seed showed the stuck indicator")
    }

    @Test(
        "cancel before start: 2.6.3 posts a lone DidFinish (the indicator clamps at 0); hardened posts nothing",
        arguments: Fidelity.allCases)
    func loneDidFinish(fidelity: Fidelity) {
        let indicator = Shared<NetworkActivityIndicator?>(nil)
        let result = simulate(seed: 0) {
            indicator.update { $0 = NetworkActivityIndicator() }
            let server = makeServer()
            let op = URLConnectionOperation(request: get("/small", on: server), server: server, fidelity: fidelity, name: "op A")
            op.cancel()
            op.start()
        }
        #expect(result.outcome == .quiescent)
        #expect(indicator.value?.history == (fidelity == .afn263 ? [0] : []))
    }
}
