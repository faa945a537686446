import RunLoopKit
import Synchronization

/// The ports a scenario added to one thread's loop (its keep-alive port first), so that
/// `remove port` takes away the one added last.
final class PortStack: Sendable {
    private struct Added: Sendable {
        let port: EventFDPort
        let modes: [RunLoopMode]
    }

    private let ports = Mutex<[Added]>([])

    /// Adds `port` to the calling thread's loop in `modes` and remembers it.
    func add(_ port: EventFDPort, modes: [RunLoopMode]) throws(RunLoopError) {
        for mode in modes { try RunLoop.current.add(port, forMode: mode) }
        ports.withLock { $0.append(Added(port: port, modes: modes)) }
    }

    /// Removes the port added last from the calling thread's loop; false when none is left.
    func removeLast() -> Bool {
        guard let last = ports.withLock({ $0.popLast() }) else { return false }
        for mode in last.modes { try? RunLoop.current.remove(last.port, forMode: mode) }
        return true
    }
}
