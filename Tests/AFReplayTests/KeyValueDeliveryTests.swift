import AFReplay
import LabRuntime
import LabTestSupport
import NetSim
import Testing

/// Where key-value notifications run relative to the operation lock: under it in 2.6.3
/// (spec §1.4, §2.4), after the outermost unlock in ``Fidelity/hardened`` (deviation 10).
@Suite("KVO delivery and the operation lock")
struct KeyValueDeliveryTests {
    /// For each `kvo` event of `operation`, whether its thread held the operation lock then,
    /// read from the lock events before it in `trace`.
    static func kvoUnderOperationLock(in trace: [TraceEvent], operation: String) -> [Bool] {
        var depth: [LabThreadID: Int] = [:]
        var underLock: [Bool] = []
        for event in trace {
            switch event.kind {
            case let .lockAcquire(lock, _, _) where lock.hasSuffix(URLConnectionOperation.lockName):
                depth[event.thread, default: 0] += 1
            case let .lockRelease(lock, _) where lock.hasSuffix(URLConnectionOperation.lockName):
                depth[event.thread, default: 0] -= 1
            case let .kvo(object, _, _) where object == operation:
                underLock.append(depth[event.thread, default: 0] > 0)
            default:
                break
            }
        }
        return underLock
    }

    @Test("2.6.3 runs every observer under the operation lock; hardened runs none under it", arguments: [UInt64(1), 2, 3])
    func observersAndTheLock(seed: UInt64) {
        for fidelity in Fidelity.allCases {
            let keys = Shared<[String]>([])
            let result = simulate(seed: seed) {
                let server = makeServer()
                let op = URLConnectionOperation(request: get("/small", on: server), server: server, fidelity: fidelity, name: "op A")
                op.addObserver { change in keys.update { $0.append("\(change.phase.rawValue) \(change.key.rawValue)") } }
                op.start()
            }
            #expect(result.outcome == .quiescent)
            let underLock = Self.kvoUnderOperationLock(in: result.trace, operation: "op A")
            #expect(!underLock.isEmpty)
            switch fidelity {
            case .afn263: #expect(underLock.allSatisfy { $0 }, "\(underLock)")
            case .hardened: #expect(underLock.allSatisfy { !$0 }, "\(underLock)")
            }
            #expect(
                keys.value == [
                    "will isExecuting", "will isReady", "did isReady", "did isExecuting",
                    "will isFinished", "will isExecuting", "did isExecuting", "did isFinished",
                ],
                "\(fidelity): the same notifications in the same order")
        }
    }
}
