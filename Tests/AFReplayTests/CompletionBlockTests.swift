import AFReplay
import LabRuntime
import LabTestSupport
import NetSim
import Testing

/// NSOperation's `completionBlock` and AFNetworking's wrapper around it (spec §3.12).
@Suite("Completion blocks: once, on a secondary thread, then nil'd through the group notify")
struct CompletionBlockTests {
    @Test("NSOperation runs completionBlock once, after isFinished, on a non-main lab thread", arguments: seeds)
    func plainOperation(seed: UInt64) {
        let ran = Shared<[String]>([])
        let result = simulate(seed: seed) {
            let op = BlockOperation(name: "op A") { ran.append("main") }
            op.completionBlock = { ran.append("completion on \(LabThread.current.name)") }
            op.start()
            op.start()
        }
        #expect(result.outcome == .quiescent)
        #expect(ran.value.count == 2)
        #expect(ran.value.first == "main")
        #expect(ran.value.last?.hasPrefix("completion on NSOperation completion #") == true)
        let finished = result.trace.firstIndex { $0.kind == .kvo(object: "op A", key: "isFinished", phase: "did") }
        let completion = result.trace.firstIndex { $0.kind == .completion(operation: "op A", block: "completionBlock") }
        #expect(finished != nil && completion != nil && finished! < completion!)
    }

    @Test(
        "AFNetworking's wrapper: the user block runs once on main, then setCompletionBlock:nil runs on the operation queue",
        arguments: Fidelity.allCases, seeds)
    func wrapperOnMain(fidelity: Fidelity, seed: UInt64) {
        let operation = Shared<URLConnectionOperation?>(nil)
        let ran = Shared<[String]>([])
        let result = simulate(seed: seed) {
            let server = makeServer()
            let op = URLConnectionOperation(request: get("/small", on: server), server: server, fidelity: fidelity, name: "op A")
            operation.update { $0 = op }
            op.completionBlock = { ran.append(LabThread.current.name) }
            op.start()
        }
        #expect(result.outcome == .quiescent)
        #expect(ran.value == ["main"])
        #expect(operation.value?.completionBlock == nil)
        let story = result.completions(of: "op A")
        #expect(story.map(\.block) == ["completionBlock", "completion block", "setCompletionBlock:nil"])
        #expect(story[0].thread.hasPrefix("NSOperation completion #"))
        #expect(story[1].thread == "main")
        #expect(story[2].thread.hasPrefix("com.alamofire.networking.operation.queue #"))
    }

    @Test(
        "NSOperation keeps the operation alive while its completion block runs, so a weak reference to it still holds",
        arguments: Array(0..<20) as [UInt64])
    func operationAliveDuringItsCompletionBlock(seed: UInt64) {
        let seen = Shared<[String]>([])
        let result = simulate(seed: seed) {
            let op = BlockOperation(name: "op A") {}
            op.completionBlock = { [weak op] in seen.append(op == nil ? "released" : "alive") }
            op.start()
        }
        #expect(result.outcome == .quiescent)
        #expect(seen.value == ["alive"])
    }

    @Test("completionQueue and completionGroup replace main and the shared group", arguments: seeds)
    func customQueueAndGroup(seed: UInt64) {
        let ran = Shared<[String]>([])
        let group = Shared<DispatchGroupModel?>(nil)
        let result = simulate(seed: seed) {
            let server = makeServer()
            let op = URLConnectionOperation(request: get("/small", on: server), server: server, name: "op A")
            let custom = DispatchGroupModel(label: "custom group")
            group.update { $0 = custom }
            op.completionQueue = try DispatchQueueModel(label: "custom queue")
            op.completionGroup = custom
            op.completionBlock = { ran.append(LabThread.current.name) }
            custom.notify(queue: MainQueue.main, label: "group drained") { ran.append("drained") }
            op.start()
        }
        #expect(result.outcome == .quiescent)
        #expect(ran.value.first == "drained")
        #expect(ran.value.dropFirst() == ["custom queue #1"])
        #expect(group.value?.outstanding == 0)
    }

    @Test("an operation that never finishes never runs its completion block (2.6.3: paused, then cancelled)")
    func neverFinishes() {
        let operation = Shared<URLConnectionOperation?>(nil)
        let result = simulate(seed: 0) {
            let server = makeServer()
            let op = URLConnectionOperation(request: get("/small", on: server), server: server, name: "op A")
            operation.update { $0 = op }
            op.completionBlock = {}
            op.pause()
            op.cancel()
        }
        #expect(result.outcome == .quiescent)
        #expect(operation.value?.completionBlock != nil)
        #expect(result.completions(of: "op A").isEmpty)
    }
}
