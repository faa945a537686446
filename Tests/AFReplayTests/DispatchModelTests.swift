import AFReplay
import LabRuntime
import LabTestSupport
import RunLoopKit
import Testing

/// The GCD stand-ins: main queue, serial and concurrent queues, groups; and the notification
/// center's delivery rules.
@Suite("Main queue, dispatch queues and groups, notification center")
struct DispatchModelTests {
    @Test("the main queue is the main thread's loop: FIFO, served while main runs it", arguments: seeds)
    func mainQueueFIFO(seed: UInt64) {
        let ran = Shared<[String]>([])
        let result = simulate(seed: seed) {
            let main = MainQueue.main
            precondition(main.isCurrent && main.thread === currentRuntime().mainThread)
            for index in 0..<3 { main.async(label: "block \(index)") { ran.append("main \(index) on \(LabThread.current.name)") } }
            let other = currentRuntime().spawnThread(named: "other") {
                for index in 0..<3 { main.async(label: "other \(index)") { ran.append("other \(index)") } }
            }
            _ = other
        }
        #expect(result.outcome == .quiescent)
        #expect(ran.value.filter { $0.hasPrefix("main") } == ["main 0 on main", "main 1 on main", "main 2 on main"])
        #expect(ran.value.filter { $0.hasPrefix("other") } == ["other 0", "other 1", "other 2"])
    }

    @Test("a serial queue runs one block at a time, in order, on its one thread", arguments: seeds)
    func serialQueue(seed: UInt64) {
        let ran = Shared<[String]>([])
        let result = simulate(seed: seed) {
            let queue = try DispatchQueueModel(label: "serial")
            for index in 0..<4 {
                queue.async(label: "s\(index)") {
                    ran.append("start \(index) on \(LabThread.current.name)")
                    currentRuntime().yield("inside s\(index)")
                    ran.append("end \(index)")
                }
            }
        }
        #expect(result.outcome == .quiescent)
        #expect(ran.value == (0..<4).flatMap { ["start \($0) on serial #1", "end \($0)"] })
    }

    @Test("a concurrent queue of width 2 runs two blocks at once: one waits for the other's signal", arguments: seeds)
    func concurrentQueue(seed: UInt64) {
        let ran = Shared<[String]>([])
        let result = simulate(seed: seed) {
            let queue = try DispatchQueueModel(label: "concurrent", width: 2)
            let handshake = currentRuntime().makeSemaphore(named: "handshake", value: 0)
            queue.async(label: "waiter") {
                handshake.wait()
                ran.append("waiter done")
            }
            queue.async(label: "signaller") {
                ran.append("signalled")
                handshake.signal()
            }
            queue.async(label: "third") { ran.append("third") }
        }
        #expect(result.outcome == .quiescent)
        #expect(ran.value.firstIndex(of: "signalled")! < ran.value.firstIndex(of: "waiter done")!)
        #expect(Set(ran.value) == ["signalled", "waiter done", "third"])
        #expect(Set(result.events("perform.run").filter { $0.threadName.hasPrefix("concurrent") }.map(\.threadName)).count == 2)
    }

    @Test("a group notifies once every async block has left; notify on an empty group runs at once", arguments: seeds)
    func group(seed: UInt64) {
        let ran = Shared<[String]>([])
        let result = simulate(seed: seed) {
            let group = DispatchGroupModel(label: "g")
            group.notify(queue: MainQueue.main, label: "empty") { ran.append("empty notify") }
            let queue = try DispatchQueueModel(label: "worker", width: 2)
            for index in 0..<3 { group.async(queue: queue, label: "w\(index)") { ran.append("w\(index)") } }
            group.enter()
            group.notify(queue: MainQueue.main, label: "drained") { ran.append("drained, outstanding \(group.outstanding)") }
            queue.async(label: "late leave") { group.leave() }
        }
        #expect(result.outcome == .quiescent)
        #expect(ran.value.contains("empty notify"))
        #expect(ran.value.last == "drained, outstanding 0")
        let enqueued = result.details("perform.enqueue").map { $0.prefix { $0 != " " } }
        #expect(enqueued.first == "empty")
        #expect(Set(ran.value.filter { $0.hasPrefix("w") }) == ["w0", "w1", "w2"])
    }

    @Test("the notification center delivers synchronously on the posting thread, in registration order, filtered by object")
    func notificationCenter() {
        let seen = Shared<[String]>([])
        let result = simulate(seed: 0) {
            let center = NotificationCenter.default()
            let a = BlockOperation(name: "op A") {}
            let b = BlockOperation(name: "op B") {}
            center.addObserver(for: .operationDidStart, observerName: "first") { note in seen.append("first \(note.object!.traceName)") }
            center.addObserver(for: .operationDidStart, object: b, observerName: "only B") { _ in seen.append("only B") }
            center.addObserver(for: .operationDidStart, observerName: "third") { note in seen.append("third \(note.object!.traceName)") }
            center.addObserver(for: .operationDidFinish, observerName: "finish") { _ in seen.append("finish") }
            center.post(name: .operationDidStart, object: a)
            seen.append("returned")
            center.post(name: .operationDidStart, object: b)
        }
        #expect(result.outcome == .quiescent)
        #expect(seen.value == ["first op A", "third op A", "returned", "first op B", "only B", "third op B"])
        #expect(
            result.details("notification.deliver") == [
                "com.alamofire.networking.operation.start object=op A → first",
                "com.alamofire.networking.operation.start object=op A → third",
                "com.alamofire.networking.operation.start object=op B → first",
                "com.alamofire.networking.operation.start object=op B → only B",
                "com.alamofire.networking.operation.start object=op B → third",
            ])
    }

    @Test("the network thread: named AFNetworking, one per runtime, keep-alive port in the default mode only")
    func networkThread() {
        let threads = Shared<[LabThread]>([])
        let loopSeen = Shared<(ports: [String], modes: [RunLoopMode])?>(nil)
        let result = simulate(seed: 0) {
            guard let first = try? NetworkThread.thread(), let second = try? NetworkThread.thread() else { return }
            threads.update { $0 = [first, second] }
            try? RunLoop.perform(on: first, modes: [.default], label: "look at the loop") {
                let loop = RunLoop.current
                loopSeen.update { $0 = (loop.contents(of: .default).ports.map(\.name), loop.allModes) }
            }
        }
        let other = Simulation.run(seed: 0) {
            if let third = try? NetworkThread.thread() { threads.append(third) }
        }
        #expect(result.outcome == .quiescent && other.outcome == .quiescent)
        let (first, second, third) = (threads.value[0], threads.value[1], threads.value[2])
        #expect(first === second && first !== third)
        #expect(first.name == "AFNetworking")
        #expect(result.events("thread.start").filter { $0.threadName == "AFNetworking" }.count == 1)
        #expect(!result.trace.contains { $0.threadName == "AFNetworking" && $0.name == "thread.exit" })
        #expect(loopSeen.value?.ports == ["AFNetworking keep-alive port"])
        #expect(loopSeen.value?.modes == [.default])
        #expect(result.details("loop.entry").count >= 1)
        #expect(!result.trace.contains { $0.threadName == "AFNetworking" && $0.name == "loop.exit" })
    }
}
