import AFReplay
import LabRuntime
import LabTestSupport
import NetSim
import Testing

/// NSOperationQueue's slot rules (spec §7) with AFNetworking's operations.
@Suite("LabOperationQueue: ready and a free slot starts an operation; slots are held until finished")
struct OperationQueueTests {
    @Test(
        "max 1: the second operation waits while the first executes, and a paused first one keeps its slot",
        arguments: Fidelity.allCases, seeds)
    func secondWaitsAndPausedKeepsSlot(fidelity: Fidelity, seed: UInt64) {
        let ops = Shared<[URLConnectionOperation]>([])
        let result = simulate(seed: seed) {
            let server = makeServer()
            let queue = try LabOperationQueue(name: "q", maxConcurrentOperationCount: 1)
            let a = URLConnectionOperation(request: get("/stall", on: server), server: server, fidelity: fidelity, name: "op A")
            let b = URLConnectionOperation(request: get("/stall", on: server), server: server, fidelity: fidelity, name: "op B")
            ops.update { $0 = [a, b] }
            NotificationCenter.default().addObserver(for: .operationDidStart, object: a, observerName: "test") { _ in a.pause() }
            queue.addOperations([a, b])
        }
        #expect(result.outcome == .quiescent)
        let (a, b) = (ops.value[0], ops.value[1])
        #expect(a.state == .paused)
        #expect(b.state == .ready && b.isReady)
        #expect(result.transitions(of: "op B").isEmpty)
        #expect(result.thread(of: "op A", "ready", "executing") == "NSOperationQueue q #1")
        #expect(result.notifications(of: "op A") == ["DidStart", "DidFinish"])
    }

    @Test(
        "max 1: resuming an operation paused before the queue started it bypasses the limit in 2.6.3, not in hardened",
        arguments: Fidelity.allCases, seeds)
    func resumeBypassesLimit(fidelity: Fidelity, seed: UInt64) {
        let ops = Shared<[URLConnectionOperation]>([])
        let result = simulate(seed: seed, timeLimit: stallWindow) {
            let server = makeServer()
            let queue = try LabOperationQueue(name: "q", maxConcurrentOperationCount: 1)
            let a = URLConnectionOperation(request: get("/stall", on: server), server: server, fidelity: fidelity, name: "op A")
            let c = URLConnectionOperation(request: get("/stall", on: server), server: server, fidelity: fidelity, name: "op C")
            ops.update { $0 = [a, c] }
            c.pause()
            NotificationCenter.default().addObserver(for: .operationDidStart, object: a, observerName: "test") { _ in
                c.resume()
                c.runtime.record(.note("resumed C"))
            }
            queue.addOperations([a, c])
        }
        #expect(result.outcome == stoppedInStall)
        let (a, c) = (ops.value[0], ops.value[1])
        #expect(a.state == .executing)
        switch fidelity {
        case .afn263:
            #expect(c.state == .executing)
            #expect(result.peakExecuting(["op A", "op C"]) == 2)
            #expect(result.thread(of: "op C", "ready", "executing") == "main")
        case .hardened:
            #expect(c.state == .ready)
            #expect(result.peakExecuting(["op A", "op C"]) == 1)
        }
    }

    @Test("hardened: the resumed operation starts from the queue once the slot frees", arguments: seeds)
    func hardenedResumeWaitsForSlot(seed: UInt64) {
        let ops = Shared<[URLConnectionOperation]>([])
        let result = simulate(seed: seed, timeLimit: stallWindow) {
            let server = makeServer()
            let queue = try LabOperationQueue(name: "q", maxConcurrentOperationCount: 1)
            let a = URLConnectionOperation(request: get("/stall", on: server), server: server, fidelity: .hardened, name: "op A")
            let c = URLConnectionOperation(request: get("/stall", on: server), server: server, fidelity: .hardened, name: "op C")
            ops.update { $0 = [a, c] }
            c.pause()
            NotificationCenter.default().addObserver(for: .operationDidStart, object: a, observerName: "test") { _ in
                c.resume()
                a.cancel()
            }
            queue.addOperations([a, c])
        }
        #expect(result.outcome == stoppedInStall)
        #expect(ops.value[0].state == .finished)
        #expect(ops.value[1].state == .executing)
        #expect(result.peakExecuting(["op A", "op C"]) == 1)
        #expect(result.thread(of: "op C", "ready", "executing")?.hasPrefix("NSOperationQueue q #") == true)
    }

    @Test(
        "cancel before start: the cancelled operation counts as ready and finishes with −999 when the queue starts it",
        arguments: Fidelity.allCases, seeds)
    func cancelBeforeStart(fidelity: Fidelity, seed: UInt64) {
        let ops = Shared<[URLConnectionOperation]>([])
        let result = simulate(seed: seed) {
            let server = makeServer()
            let queue = try LabOperationQueue(name: "q", maxConcurrentOperationCount: 1)
            let a = URLConnectionOperation(request: get("/stall", on: server), server: server, fidelity: fidelity, name: "op A")
            let b = URLConnectionOperation(request: get("/small", on: server), server: server, fidelity: fidelity, name: "op B")
            ops.update { $0 = [a, b] }
            b.cancel()
            NotificationCenter.default().addObserver(for: .operationDidStart, object: a, observerName: "test") { _ in a.cancel() }
            queue.addOperations([a, b])
        }
        #expect(result.outcome == .quiescent)
        let (a, b) = (ops.value[0], ops.value[1])
        #expect(a.state == .finished && a.error?.isCancellation == true)
        #expect(b.state == .finished && b.error?.isCancellation == true)
        #expect(result.transitions(of: "op B") == ["ready → finished"])
        #expect(result.hops(of: "op B") == ["cancelConnection op B"])
        #expect(result.details("connection.create", containing: "op B").isEmpty)
        let aFinished = result.trace.firstIndex {
            $0.kind == .operationState(operation: "op A", from: "executing", to: "finished", accepted: true)
        }
        let bFinished = result.trace.firstIndex {
            $0.kind == .operationState(operation: "op B", from: "ready", to: "finished", accepted: true)
        }
        #expect(aFinished != nil && bFinished != nil && aFinished! < bFinished!)
    }

    @Test("dependencies: an operation waits for its dependencies; a cancelled one is ready regardless", arguments: seeds)
    func dependencies(seed: UInt64) {
        let order = Shared<[String]>([])
        let waiting = Shared<LabOperation?>(nil)
        let result = simulate(seed: seed) {
            let queue = try LabOperationQueue(name: "q")
            let first = BlockOperation(name: "op 1") { order.append("1") }
            let second = BlockOperation(name: "op 2") { order.append("2") }
            second.addDependency(first)
            let never = BlockOperation(name: "op never") {}
            let cancelled = BlockOperation(name: "op cancelled") { order.append("cancelled ran") }
            cancelled.addDependency(never)
            let blocked = BlockOperation(name: "op blocked") { order.append("blocked ran") }
            blocked.addDependency(never)
            waiting.update { $0 = blocked }
            queue.addOperations([second, cancelled, blocked])
            cancelled.cancel()
            queue.addOperation(first)
        }
        #expect(result.outcome == .quiescent)
        #expect(order.value == ["1", "2"])
        #expect(waiting.value?.isFinished == false && waiting.value?.isReady == false)
        #expect(result.kvo(of: "op cancelled").prefix(4) == ["will isReady", "will isCancelled", "did isCancelled", "did isReady"])
        #expect(result.kvo(of: "op cancelled").suffix(2) == ["will isFinished", "did isFinished"])
        #expect(result.kvo(of: "op 2").prefix(2) == ["will isReady", "did isReady"])
    }

    @Test("an operation the queue never started that finishes anyway is dropped with a note (the iOS 6 inconsistency)")
    func finishedWithoutQueue() {
        let result = simulate(seed: 0) {
            let server = makeServer()
            let queue = try LabOperationQueue(name: "q", maxConcurrentOperationCount: 0)
            let a = URLConnectionOperation(request: get("/small", on: server), server: server, name: "op A")
            queue.addOperation(a)
            a.start()
        }
        #expect(result.outcome == .quiescent)
        #expect(result.details("note") == ["q: op A finished without being started by the queue"])
    }
}
