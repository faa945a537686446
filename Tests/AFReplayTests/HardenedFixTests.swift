import AFReplay
import LabRuntime
import LabTestSupport
import NetSim
import RunLoopKit
import Testing

/// Races of 2.6.3 that emerge from the faithful code under some schedules, and the same
/// schedules under ``Fidelity/hardened``. Nothing is scripted: two user threads act at
/// fixed virtual times and the seeds decide the interleaving.
@Suite("Races that emerge in 2.6.3 and not in hardened")
struct HardenedFixTests {
    static let exploredSeeds = UInt64(0)..<40

    @Test("pause and cancel from two threads: 2.6.3 can leave the operation Paused and cancelled for ever; hardened always finishes it")
    func pauseAndCancel() {
        for fidelity in Fidelity.allCases {
            var stuck = 0
            for seed in Self.exploredSeeds {
                let operation = Shared<HTTPRequestOperation?>(nil)
                let result = simulate(seed: seed) {
                    let server = makeServer()
                    let op = HTTPRequestOperation(request: get("/big", on: server), server: server, fidelity: fidelity, name: "op A")
                    operation.update { $0 = op }
                    op.start()
                    let runtime = currentRuntime()
                    _ = runtime.spawnThread(named: "pauser") { op.pause() }
                    _ = runtime.spawnThread(named: "canceller") { op.cancel() }
                }
                #expect(result.outcome == .quiescent)
                let op = operation.value!
                if op.state == .paused && op.isCancelled { stuck += 1 }
                if fidelity == .hardened {
                    #expect(op.state == .finished, "seed \(seed)")
                }
            }
            if fidelity == .afn263 { #expect(stuck > 0) } else { #expect(stuck == 0) }
        }
    }

    @Test(
        "pause from another thread as the last chunk lands, resume later: 2.6.3 can fail or corrupt the body; hardened delivers it exactly")
    func pauseAsLastChunkLands() {
        for fidelity in Fidelity.allCases {
            var wrong = 0
            for seed in Self.exploredSeeds {
                let outcome = Shared<String>("none")
                let result = simulate(seed: seed) {
                    let server = makeServer()
                    let op = HTTPRequestOperation(request: get("/big", on: server), server: server, fidelity: fidelity, name: "op A")
                    op.setCompletionBlockWithSuccess(
                        { _, object in
                            outcome.update { $0 = object == .data(DeterministicBody(seed: 9).prefix(10)) ? "exact" : "corrupt" }
                        }, failure: { _, error in outcome.update { $0 = "failure \(error.code)" } })
                    op.start()
                    let runtime = currentRuntime()
                    _ = runtime.spawnThread(named: "user") {
                        runtime.sleep(until: .zero + .milliseconds(10))
                        op.pause()
                        runtime.sleep(until: .zero + .milliseconds(30))
                        op.resume()
                    }
                }
                #expect(result.outcome == .quiescent)
                if outcome.value != "exact" { wrong += 1 }
                if fidelity == .hardened {
                    #expect(outcome.value == "exact", "seed \(seed)")
                }
            }
            if fidelity == .afn263 { #expect(wrong > 0) } else { #expect(wrong == 0) }
        }
    }

    @Test(
        "a plain operation paused after its first chunk and resumed: 2.6.3 appends the whole body to the prefix and counts past the expected length; hardened restarts it cleanly",
        arguments: Fidelity.allCases, seeds)
    func plainOperationResumeRestarts(fidelity: Fidelity, seed: UInt64) {
        let operation = Shared<URLConnectionOperation?>(nil)
        let progress = Shared<[String]>([])
        let result = simulate(seed: seed) {
            let server = makeServer()
            let op = URLConnectionOperation(request: get("/big", on: server), server: server, fidelity: fidelity, name: "op A")
            operation.update { $0 = op }
            op.downloadProgress = { _, total, expected in
                progress.update { $0.append("\(total)/\(expected)") }
                guard progress.value.count == 1 else { return }
                op.pause()
                RunLoop.current.perform(afterDelay: .milliseconds(50), inModes: [.common]) { op.resume() }
            }
            op.start()
        }
        #expect(result.outcome == .quiescent)
        let op = operation.value!
        let body = DeterministicBody(seed: 9).prefix(10)
        #expect(op.state == .finished && op.error == nil)
        #expect(op.request.value(forHTTPHeaderField: "Range") == nil)
        #expect(result.details("connection.create").count == 2)
        switch fidelity {
        case .afn263:
            #expect(op.responseData == Array(body.prefix(4) + body))
            #expect(op.totalBytesRead == 14)
            #expect(progress.value == ["4/10", "8/10", "11/10", "14/10"])
        case .hardened:
            #expect(op.responseData == Array(body))
            #expect(op.totalBytesRead == 10)
            #expect(progress.value == ["4/10", "4/10", "7/10", "10/10"])
        }
    }

    @Test("hardened keeps an HTTPRequestOperation's bytes across a Range resume", arguments: seeds)
    func rangeResumeKeepsPrefix(seed: UInt64) {
        let operation = Shared<HTTPRequestOperation?>(nil)
        let result = simulate(seed: seed) {
            let server = makeServer()
            let op = HTTPRequestOperation(request: get("/big", on: server), server: server, fidelity: .hardened, name: "op A")
            operation.update { $0 = op }
            let calls = Shared(0)
            op.downloadProgress = { _, _, _ in
                calls.update { $0 += 1 }
                guard calls.value == 1 else { return }
                op.pause()
                RunLoop.current.perform(afterDelay: .milliseconds(50), inModes: [.common]) { op.resume() }
            }
            op.start()
        }
        #expect(result.outcome == .quiescent)
        let op = operation.value!
        #expect(op.response?.statusCode == 206)
        #expect(op.responseData == Array(DeterministicBody(seed: 9).prefix(10)))
        #expect(op.totalBytesRead == 10)
    }
}
