import AFReplay
import LabRuntime
import NetSim

extension Scenario {
    /// `kvo-under-lock-*`: the app observes a download's `isFinished` with a KVO observer
    /// that takes the app's own lock, while an app thread holding that lock sets the
    /// download's completion block (which takes the operation lock, spec §3.12). In 2.6.3
    /// KVO runs synchronously inside `setState:`, under the operation lock (spec §1.4,
    /// §2.4), so the network thread takes operation lock → app lock and the app thread
    /// app lock → operation lock: an inversion the lock-order checker reports, and a
    /// deadlock under some schedules. `Fidelity.hardened` delivers KVO after the lock is
    /// released (deviation 10), so neither appears.
    public static func kvoUnderLock(_ fidelity: Fidelity) -> Scenario {
        afNetworking(
            "kvo-under-lock", fidelity,
            summary: "a KVO observer takes an app lock that another thread holds while it sets the completion block"
        ) {
            let runtime = currentRuntime()
            let appLock = runtime.makeLock(named: "app lock")
            let server = afServer()
            let operation = URLConnectionOperation(
                request: HTTPRequest(url: server.url("/small")), server: server,
                fidelity: fidelity, name: "op A")
            operation.addObserver { change in
                if change.key == .isFinished, change.phase == .did { appLock.withLock {} }
            }
            operation.start()
            _ = runtime.spawnThread(named: "app") { appLock.withLock { operation.completionBlock = {} } }
        }
    }
}
