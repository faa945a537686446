import AFReplay
import LabRuntime
import LabTestSupport
import NetSim
import Testing

/// `batchOfRequestOperations:progressBlock:completionBlock:` (spec §3.16).
@Suite("Batches: one group, a block operation depending on every member, progress, completion")
struct BatchTests {
    /// Runs a batch of HTTP operations for `paths` on a queue, recording success blocks,
    /// progress and the batch completion (each as a line, in the order they ran).
    static func run(
        _ paths: [String], seed: UInt64, fidelity: Fidelity,
        configure: @escaping @Sendable ([HTTPRequestOperation]) -> Void = { _ in }
    )
        -> (SimulationResult, [String], [LabOperation])
    {
        let lines = Shared<[String]>([])
        let batch = Shared<[LabOperation]>([])
        let result = simulate(seed: seed) {
            let server = makeServer()
            let operations = paths.enumerated().map { index, path in
                let op = HTTPRequestOperation(request: get(path, on: server), server: server, fidelity: fidelity, name: "op \(index)")
                op.setCompletionBlockWithSuccess(
                    { op, _ in lines.append("success \(op.name)") },
                    failure: { op, error in lines.append("failure \(op.name) \(error.code)") })
                return op
            }
            configure(operations)
            let made = URLConnectionOperation.batchOfRequestOperations(
                operations,
                progress: { finished, total in
                    lines.append("progress \(finished)/\(total) on \(LabThread.current.name)")
                },
                completion: { members in
                    lines.append("completion \(members.map(\.name)) on \(LabThread.current.name)")
                })
            batch.update { $0 = made }
            try LabOperationQueue(name: "batch queue").addOperations(made)
        }
        return (result, lines.value, batch.value)
    }

    @Test(
        "the completion runs once, on main, after every member's success; progress counts finished members up to n of n",
        arguments: Fidelity.allCases, seeds)
    func completionAfterAllMembers(fidelity: Fidelity, seed: UInt64) {
        let (result, lines, batch) = Self.run(["/big", "/small", "/json"], seed: seed, fidelity: fidelity)
        #expect(result.outcome == .quiescent)
        #expect(batch.count == 4)
        #expect(batch.last?.dependencies.map(\.name) == ["op 0", "op 1", "op 2"])
        #expect(batch.allSatisfy { $0.isFinished })
        #expect(lines.last == "completion [\"op 0\", \"op 1\", \"op 2\"] on main")
        #expect(lines.filter { $0.hasPrefix("completion") }.count == 1)
        #expect(Set(lines.filter { $0.hasPrefix("success") }) == ["success op 0", "success op 1", "success op 2"])
        let progress = lines.filter { $0.hasPrefix("progress") }
        #expect(progress.count == 3)
        #expect(progress.allSatisfy { $0.hasSuffix("/3 on main") })
        let counts = progress.compactMap { Int($0.dropFirst("progress ".count).prefix { $0 != "/" }) }
        #expect(counts == counts.sorted() && counts.last == 3 && (counts.first ?? 0) >= 1)
        let memberDone = lines.lastIndex { $0.hasPrefix("success") } ?? lines.count
        #expect(memberDone < lines.count - 1)
    }

    @Test("an empty batch is one block operation that calls completion with [] on main")
    func emptyBatch() {
        let (result, lines, batch) = Self.run([], seed: 0, fidelity: .afn263)
        #expect(result.outcome == .quiescent)
        #expect(batch.count == 1)
        #expect(lines == ["completion [] on main"])
    }

    @Test(
        "a member paused then cancelled never finishes: in 2.6.3 the batch waits forever; hardened completes with −999",
        arguments: Fidelity.allCases)
    func neverFinishingMember(fidelity: Fidelity) {
        let (result, lines, batch) = Self.run(["/small", "/stall"], seed: 1, fidelity: fidelity) { operations in
            let stalled = operations[1]
            NotificationCenter.default().addObserver(for: .operationDidStart, object: stalled, observerName: "test") { _ in
                stalled.pause()
                stalled.cancel()
            }
        }
        #expect(result.outcome == .quiescent)
        #expect(lines.contains("success op 0"))
        switch fidelity {
        case .afn263:
            #expect(!lines.contains { $0.hasPrefix("completion") })
            #expect(batch[1].isCancelled && !batch[1].isFinished)
            #expect(batch[2].isReady == false && batch[2].isFinished == false)
        case .hardened:
            #expect(lines.contains("failure op 1 -999"))
            #expect(lines.last == "completion [\"op 0\", \"op 1\"] on main")
        }
    }
}
