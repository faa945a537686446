import LabRuntime
import LabTestSupport
import NetSim
import RunLoopKit
import Testing

@testable import AFReplay

/// start / cancel / pause / resume on each state (spec §3.2–§3.9), observed from the trace
/// and the final state. The `/stall` route keeps a started connection open for ever.
@Suite("Lifecycle rules on Ready, Executing, Paused and Finished")
struct LifecycleRuleTests {
    @Test(
        "start on Ready: Executing at once, operationDidStart hops to AFNetworking in the common modes, DidStart on main",
        arguments: seeds)
    func startReady(seed: UInt64) {
        let operation = Shared<URLConnectionOperation?>(nil)
        let result = simulate(seed: seed, timeLimit: stallWindow) {
            let server = makeServer()
            let op = URLConnectionOperation(request: get("/stall", on: server), server: server, name: "op A")
            operation.update { $0 = op }
            op.start()
            precondition(op.state == .executing)
            op.start()
        }
        #expect(result.outcome == stoppedInStall)
        #expect(operation.value?.state == .executing)
        #expect(result.transitions(of: "op A") == ["ready → executing"])
        #expect(
            result.details("perform.enqueue", containing: "operationDidStart op A").map { $0.hasSuffix("modes=[kCFRunLoopCommonModes]") }
                == [true])
        #expect(result.hops(of: "op A") == ["operationDidStart op A"])
        #expect(result.notifications(of: "op A") == ["DidStart"])
        #expect(result.events("notification.post").allSatisfy { $0.threadName == "main" })
        #expect(result.details("connection.create").count == 1)
    }

    @Test(
        "cancel on Ready only sets the flag; the later start finishes it with −999 through cancelConnection",
        arguments: Fidelity.allCases)
    func cancelReadyThenStart(fidelity: Fidelity) {
        let operation = Shared<URLConnectionOperation?>(nil)
        let afterCancel = Shared<(OperationState, Bool)?>(nil)
        let result = simulate(seed: 1) {
            let server = makeServer()
            let op = URLConnectionOperation(request: get("/stall", on: server), server: server, fidelity: fidelity, name: "op A")
            operation.update { $0 = op }
            op.cancel()
            afterCancel.update { $0 = (op.state, op.isCancelled) }
            op.start()
        }
        #expect(result.outcome == .quiescent)
        #expect(afterCancel.value! == (.ready, true))
        let op = operation.value!
        #expect(op.state == .finished)
        #expect(op.error?.isCancellation == true)
        #expect(op.error?.code == -999 && op.error?.domain == "NSURLErrorDomain")
        #expect(result.transitions(of: "op A") == ["ready → finished"])
        #expect(result.details("connection.create").isEmpty)
        #expect(result.hops(of: "op A") == ["cancelConnection op A"])
        #expect(result.notifications(of: "op A") == (fidelity == .afn263 ? ["DidFinish"] : []))
    }

    @Test(
        "every start of a cancelled operation queues cancelConnection again; the second finds it finished and does nothing",
        arguments: Fidelity.allCases)
    func startCancelledTwice(fidelity: Fidelity) {
        let operation = Shared<URLConnectionOperation?>(nil)
        let result = simulate(seed: 1) {
            let server = makeServer()
            let op = URLConnectionOperation(request: get("/stall", on: server), server: server, fidelity: fidelity, name: "op A")
            operation.update { $0 = op }
            op.cancel()
            op.start()
            op.start()
        }
        #expect(result.outcome == .quiescent)
        #expect(operation.value?.state == .finished)
        #expect(result.hops(of: "op A") == ["cancelConnection op A", "cancelConnection op A"])
        #expect(result.transitions(of: "op A") == ["ready → finished"])
        #expect(result.details("connection.create").isEmpty)
        #expect(result.notifications(of: "op A") == (fidelity == .afn263 ? ["DidFinish"] : []))
    }

    @Test(
        "cancel while Executing with a live connection: cancelConnection cancels it and fails the operation with −999",
        arguments: Fidelity.allCases, seeds)
    func cancelLive(fidelity: Fidelity, seed: UInt64) {
        let operation = Shared<URLConnectionOperation?>(nil)
        let result = simulate(seed: seed) {
            let server = makeServer()
            let op = URLConnectionOperation(request: get("/stall", on: server), server: server, fidelity: fidelity, name: "op A")
            operation.update { $0 = op }
            NotificationCenter.default().addObserver(for: .operationDidStart, object: op, observerName: "test") { _ in op.cancel() }
            op.start()
        }
        #expect(result.outcome == .quiescent)
        let op = operation.value!
        #expect(op.state == .finished && op.isCancelled && op.error?.isCancellation == true)
        #expect(result.transitions(of: "op A") == ["ready → executing", "executing → finished"])
        #expect(result.details("connection.cancel") == ["C0"])
        #expect(result.details("connection.callback") == ["C0 didFailWithError (from cancelConnection) → op A"])
        #expect(result.notifications(of: "op A") == ["DidStart", "DidFinish"])
    }

    @Test(
        "cancel right after start: −999 whether or not operationDidStart made the connection first; 2.6.3 always posts DidStart, DidFinish",
        arguments: Fidelity.allCases, seeds)
    func cancelRightAfterStart(fidelity: Fidelity, seed: UInt64) {
        let operation = Shared<URLConnectionOperation?>(nil)
        let result = simulate(seed: seed) {
            let server = makeServer()
            let op = URLConnectionOperation(request: get("/stall", on: server), server: server, fidelity: fidelity, name: "op A")
            operation.update { $0 = op }
            op.start()
            op.cancel()
        }
        #expect(result.outcome == .quiescent)
        let op = operation.value!
        #expect(op.state == .finished && op.error?.isCancellation == true)
        #expect(result.hops(of: "op A") == ["operationDidStart op A", "cancelConnection op A"])
        let connected = !result.details("connection.create").isEmpty
        #expect(result.details("connection.cancel") == (connected ? ["C0"] : []))
        let expected = fidelity == .afn263 || connected ? ["DidStart", "DidFinish"] : []
        #expect(result.notifications(of: "op A") == expected)
    }

    @Test("cancel on Finished does nothing: the flag stays false")
    func cancelFinished() {
        let operation = Shared<URLConnectionOperation?>(nil)
        let result = simulate(seed: 0) {
            let server = makeServer()
            let op = URLConnectionOperation(request: get("/stall", on: server), server: server, name: "op A")
            operation.update { $0 = op }
            op.setState(.executing)
            op.setState(.finished)
            op.cancel()
            op.pause()
            op.resume()
            op.start()
        }
        #expect(result.outcome == .quiescent)
        #expect(operation.value?.state == .finished)
        #expect(operation.value?.isCancelled == false)
        #expect(result.events("operation.cancel").isEmpty)
        #expect(result.transitions(of: "op A") == ["ready → executing", "executing → finished"])
        #expect(result.hops(of: "op A").isEmpty)
    }

    @Test(
        "cancel on Paused: 2.6.3 sets the flag and nothing else, for ever; hardened resumes it into a −999 finish",
        arguments: Fidelity.allCases)
    func cancelPaused(fidelity: Fidelity) {
        let operation = Shared<URLConnectionOperation?>(nil)
        let completed = Shared<Int>(0)
        let result = simulate(seed: 2) {
            let server = makeServer()
            let op = URLConnectionOperation(request: get("/stall", on: server), server: server, fidelity: fidelity, name: "op A")
            operation.update { $0 = op }
            op.completionBlock = { completed.update { $0 += 1 } }
            op.pause()
            op.cancel()
        }
        #expect(result.outcome == .quiescent)
        let op = operation.value!
        #expect(op.isCancelled)
        switch fidelity {
        case .afn263:
            #expect(op.state == .paused && op.error == nil)
            #expect(completed.value == 0)
            #expect(op.completionBlock != nil)
            #expect(result.transitions(of: "op A") == ["ready → paused"])
        case .hardened:
            #expect(op.state == .finished && op.error?.isCancellation == true)
            #expect(completed.value == 1)
            #expect(result.transitions(of: "op A") == ["ready → paused", "paused → ready", "ready → finished"])
        }
        #expect(result.notifications(of: "op A").isEmpty)
    }

    @Test(
        "pause on Ready: Paused and not ready, no hop, no notification; resume sets Ready and starts it",
        arguments: Fidelity.allCases)
    func pauseReadyThenResume(fidelity: Fidelity) {
        let operation = Shared<URLConnectionOperation?>(nil)
        let paused = Shared<(OperationState, Bool)?>(nil)
        let result = simulate(seed: 3, timeLimit: stallWindow) {
            let server = makeServer()
            let op = URLConnectionOperation(request: get("/stall", on: server), server: server, fidelity: fidelity, name: "op A")
            operation.update { $0 = op }
            op.pause()
            paused.update { $0 = (op.state, op.isReady) }
            op.start()
            op.pause()
            op.resume()
        }
        #expect(result.outcome == stoppedInStall)
        #expect(paused.value! == (.paused, false))
        #expect(operation.value?.state == .executing)
        #expect(result.transitions(of: "op A") == ["ready → paused", "paused → ready", "ready → executing"])
        #expect(result.kvo(of: "op A").prefix(4) == ["will isPaused", "will isReady", "did isReady", "did isPaused"])
        #expect(result.hops(of: "op A") == ["operationDidStart op A"])
        #expect(result.notifications(of: "op A") == ["DidStart"])
    }

    @Test(
        "pause while Executing: operationDidPause cancels the connection, DidFinish is posted, no error; resume reconnects",
        arguments: Fidelity.allCases, seeds)
    func pauseExecutingThenResume(fidelity: Fidelity, seed: UInt64) {
        let operation = Shared<URLConnectionOperation?>(nil)
        let result = simulate(seed: seed, timeLimit: stallWindow) {
            let server = makeServer()
            let op = URLConnectionOperation(request: get("/stall", on: server), server: server, fidelity: fidelity, name: "op A")
            operation.update { $0 = op }
            let starts = Shared(0)
            NotificationCenter.default().addObserver(for: .operationDidStart, object: op, observerName: "test") { _ in
                starts.update { $0 += 1 }
                if starts.value == 1 { op.pause() }
            }
            NotificationCenter.default().addObserver(for: .operationDidFinish, object: op, observerName: "test") { _ in
                op.resume()
            }
            op.start()
        }
        #expect(result.outcome == stoppedInStall)
        let op = operation.value!
        #expect(op.state == .executing && op.error == nil && !op.isCancelled)
        #expect(result.transitions(of: "op A") == ["ready → executing", "executing → paused", "paused → ready", "ready → executing"])
        #expect(result.hops(of: "op A") == ["operationDidStart op A", "operationDidPause op A", "operationDidStart op A"])
        #expect(result.details("connection.create").count == 2)
        #expect(result.details("connection.cancel") == ["C0"])
        #expect(result.details("connection.callback").isEmpty)
        #expect(result.notifications(of: "op A") == ["DidStart", "DidFinish", "DidStart"])
    }

    @Test("pause and resume are no-ops where the spec says so: pause on cancelled, resume when not paused")
    func noOps() {
        let operation = Shared<URLConnectionOperation?>(nil)
        let result = simulate(seed: 0) {
            let server = makeServer()
            let op = URLConnectionOperation(request: get("/stall", on: server), server: server, name: "op A")
            operation.update { $0 = op }
            op.resume()
            op.cancel()
            op.pause()
            op.resume()
        }
        #expect(result.outcome == .quiescent)
        #expect(operation.value?.state == .ready)
        #expect(result.transitions(of: "op A").isEmpty)
    }

    @Test("runLoopModes without the default or common modes: the hop is never served, the operation stays Executing")
    func customModeNeverRuns() {
        let operation = Shared<URLConnectionOperation?>(nil)
        let result = simulate(seed: 0) {
            let server = makeServer()
            let op = URLConnectionOperation(request: get("/stall", on: server), server: server, name: "op A")
            op.runLoopModes = [.tracking, .tracking]
            operation.update { $0 = op }
            op.start()
        }
        #expect(result.outcome == .quiescent)
        #expect(operation.value?.runLoopModes == [.tracking])
        #expect(operation.value?.state == .executing)
        #expect(
            result.details("perform.enqueue", containing: "operationDidStart op A").first?.hasSuffix("modes=[UITrackingRunLoopMode]")
                == true)
        #expect(result.hops(of: "op A").isEmpty)
        #expect(result.notifications(of: "op A").isEmpty)
    }

    @Test("hardened: runLoopModes without the default mode also get it, so the operation runs and finishes")
    func hardenedCustomModeRuns() {
        let operation = Shared<URLConnectionOperation?>(nil)
        let result = simulate(seed: 0) {
            let server = makeServer()
            let op = URLConnectionOperation(request: get("/small", on: server), server: server, fidelity: .hardened, name: "op A")
            op.runLoopModes = [.tracking]
            operation.update { $0 = op }
            op.start()
        }
        #expect(result.outcome == .quiescent)
        #expect(operation.value?.runLoopModes == [.tracking])
        #expect(operation.value?.state == .finished)
        #expect(operation.value?.error == nil)
        #expect(operation.value?.totalBytesRead == 10)
        #expect(
            result.details("perform.enqueue", containing: "operationDidStart op A").first?
                .contains("kCFRunLoopDefaultMode") == true)
    }
}
