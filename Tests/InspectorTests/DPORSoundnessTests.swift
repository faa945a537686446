import AFReplay
import Glibc
import Inspector
import LabRuntime
import RunLoopKit
import Synchronization
import Testing

/// DPOR against an unreduced oracle on small programs of ports, port sets, sockets, run
/// loops, cells read concurrently and AFReplay's models: every outcome that some schedule
/// reaches, DPOR reaches too.
@Suite("DPOR soundness")
struct DPORSoundnessTests {
    @Test(
        "DPOR reaches every outcome that enumerating every schedule reaches, in fewer runs",
        arguments: [
            SmallPrograms.ports, SmallPrograms.timedWaits, SmallPrograms.sockets, SmallPrograms.runLoop,
            SmallPrograms.notifications, SmallPrograms.dispatchGroup, SmallPrograms.operationState,
            SmallPrograms.cells, SmallPrograms.readers,
        ])
    func sameOutcomes(scenario: Scenario) {
        let everySchedule = EverySchedule.outcomes(of: scenario)
        let collector = OutcomeCollector()
        let report = Explorer(scenario: scenario, checkers: [collector], strategy: .dpor, schedules: 1_000_000).explore()
        #expect(report.complete)
        #expect(collector.outcomes == everySchedule.outcomes)
        #expect(report.explored < everySchedule.runs, "DPOR ran \(report.explored) schedules, the oracle \(everySchedule.runs)")
    }
}

/// A run's outcome: how it ended and, per thread, the lines it noted (`.note` events), which
/// are what each thread saw. Schedules that differ only in the order of independent
/// operations have the same outcome.
private func outcome(of run: SimulationResult) -> String {
    var notes: [LabThreadID: [String]] = [:]
    for event in run.trace {
        if case let .note(text) = event.kind { notes[event.thread, default: []].append(text) }
    }
    let threads = notes.keys.sorted().map { "T\($0) " + notes[$0]!.joined(separator: ",") }
    return "\(run.outcome): " + threads.joined(separator: "; ")
}

/// A checker that finds nothing and keeps every outcome it is shown.
private final class OutcomeCollector: Checker {
    let name = "outcomes"
    let summary = "keeps the outcome of every run"
    private let seen = Mutex<Set<String>>([])

    var outcomes: Set<String> { seen.withLock { $0 } }

    func check(_ run: SimulationResult) -> [Violation] {
        seen.withLock { _ = $0.insert(outcome(of: run)) }
        return []
    }
}

/// The oracle: every schedule of a scenario, depth first, with no bound and no reduction.
private final class EverySchedule: SchedulingStrategy, @unchecked Sendable {
    // @unchecked: a simulation calls its strategy from one lab thread at a time, and the
    // fields are read only between runs.
    /// The position, among the enabled threads, of the thread chosen at each decision.
    private var path: [Int] = []
    /// How many threads were enabled at each decision of the last run.
    private var widths: [Int] = []

    func choose(_ decision: SchedulingDecision) -> LabThreadID {
        let depth = widths.count
        widths.append(decision.enabled.count)
        if depth == path.count { path.append(0) }
        return decision.enabled[path[depth]]
    }

    /// The outcomes of every schedule of `scenario`, and how many schedules there are.
    static func outcomes(of scenario: Scenario) -> (outcomes: Set<String>, runs: Int) {
        let strategy = EverySchedule()
        var outcomes: Set<String> = []
        var runs = 0
        repeat {
            strategy.widths = []
            outcomes.insert(outcome(of: scenario.run(strategy)))
            runs += 1
        } while strategy.advance()
        return (outcomes, runs)
    }

    /// Moves to the next schedule: the deepest decision with an untried thread takes it.
    private func advance() -> Bool {
        path.removeLast(path.count - widths.count)
        while let last = path.popLast() {
            let width = widths.removeLast()
            if last + 1 < width {
                path.append(last + 1)
                return true
            }
        }
        return false
    }
}

/// Small programs whose outcomes depend on the order of port, socket, run-loop and cell
/// operations and of accesses to AFReplay's models, with some operations independent of
/// the rest.
private enum SmallPrograms {
    /// Three threads send to three ports; main waits on a set of the first two, and a fourth
    /// thread adds the third to the set meanwhile. Main notes which port each wait found
    /// and how many messages it drained.
    static let ports = Scenario(name: "ports", summary: "sends to ports, a wait on a set, a member added") {
        let runtime = currentRuntime()
        let ports = (1...3).map { EventFDPort(name: "P\($0)") }
        let set = runtime.makePortSet(named: "S")
        try? set.insert(ports[0].descriptor)
        try? set.insert(ports[1].descriptor)
        let threads =
            ports.map { port in runtime.spawnThread(named: "send \(port.name)") { port.send() } }
            + [runtime.spawnThread(named: "adder") { try? set.insert(ports[2].descriptor) }]
        var received = 0
        while received < 2, case let .ready(descriptor, _) = set.wait(until: nil) {
            let index = ports.firstIndex { $0.descriptor === descriptor }!
            let count = ports[index].drain()
            runtime.record(.note("\(ports[index].name)x\(count)"))
            if index < 2 { received += count }
        }
        for thread in threads { thread.join() }
    }

    /// A sender sleeps until 10 ms and sends; main waits for it until 10 ms, then without a
    /// deadline if it timed out. Another thread waits on a second port until 10 ms, while a
    /// third sends to it at 10 ms.
    static let timedWaits = Scenario(name: "timed-waits", summary: "timed waits and sleeps racing at one instant") {
        let runtime = currentRuntime()
        let deadline = LabInstant.zero + .milliseconds(10)
        let (first, second) = (EventFDPort(name: "P"), EventFDPort(name: "Q"))
        let threads = [
            runtime.spawnThread(named: "late P") {
                runtime.sleep(until: deadline)
                first.send()
            },
            runtime.spawnThread(named: "late Q") {
                runtime.sleep(until: deadline)
                second.send()
            },
            runtime.spawnThread(named: "waits for Q") {
                let set = runtime.makePortSet(named: "Q set")
                try? set.insert(second.descriptor)
                runtime.record(.note(set.wait(until: deadline) == .timedOut ? "Q timed out" : "Q came"))
            },
        ]
        let set = runtime.makePortSet(named: "P set")
        try? set.insert(first.descriptor)
        if set.wait(until: deadline) == .timedOut {
            runtime.record(.note("P timed out"))
            _ = set.wait(until: nil)
        }
        runtime.record(.note("P x\(first.drain())"))
        for thread in threads { thread.join() }
    }

    /// Two writers each write two chunks to their own socket pair and close their end;
    /// main reads both pairs' other ends through one set until both ends are closed,
    /// noting every chunk it reads.
    static let sockets = Scenario(name: "sockets", summary: "two socket pairs written, closed and read") {
        let runtime = currentRuntime()
        let pairs = ["a", "b"].map { name in socketPair(name) }
        let threads = zip(["a", "b"], pairs).map { name, pair in
            runtime.spawnThread(named: "writer \(name)") {
                transfer(.send, pair.0, text: "\(name)1")
                transfer(.send, pair.0, text: "\(name)2")
                pair.0.close()
            }
        }
        let set = runtime.makePortSet(named: "readers")
        for pair in pairs { try? set.insert(pair.1) }
        var open = pairs.count
        while open > 0, case let .ready(descriptor, _) = set.wait(until: nil) {
            let text = transfer(.receive, descriptor)
            runtime.record(.note(text.isEmpty ? "\(descriptor.label) closed" : "\(descriptor.label) read \(text)"))
            if text.isEmpty {
                set.remove(descriptor)
                open -= 1
            }
        }
        for thread in threads { thread.join() }
    }

    /// Two threads perform a block each on a third thread's run loop, which runs until 5 ms;
    /// the loop's thread notes the blocks in the order they ran.
    static let runLoop = Scenario(name: "run-loop", summary: "two performs onto one run loop") {
        let runtime = currentRuntime()
        let ready = runtime.makeSemaphore(named: "ready", value: 0)
        let looper = runtime.spawnThread(named: "loop") {
            let loop = RunLoop.current
            _ = try? loop.add(EventFDPort(name: "keep-alive"), forMode: .default)
            ready.signal()
            _ = try? loop.run(mode: .default, before: .zero + .milliseconds(5))
        }
        ready.wait()
        let performers = ["a", "b"].map { (name: String) in
            runtime.spawnThread(named: "perform \(name)") {
                try? RunLoop.perform(on: looper, label: name) { runtime.record(.note("ran \(name)")) }
            }
        }
        for thread in performers + [looper] { thread.join() }
    }

    /// Main registers an observer with a notification center while another thread posts:
    /// the post reaches the observer only if the registration came first. Neither touches
    /// anything but the center's list of observers; the yields are points where either can go
    /// first, and touch nothing.
    static let notifications = Scenario(name: "notifications", summary: "an observer added while a notification is posted") {
        let runtime = currentRuntime()
        let center = NotificationCenter(runtime: runtime)
        let poster = runtime.spawnThread(named: "poster") {
            runtime.yield("before posting")
            center.post(name: .operationDidStart, object: nil)
        }
        runtime.yield("before adding the observer")
        center.addObserver(for: .operationDidStart, observerName: "observer") { _ in runtime.record(.note("delivered")) }
        poster.join()
    }

    /// Main enters a dispatch group while another thread asks to be notified when it is
    /// empty: the notify block runs at once only if it came first.
    static let dispatchGroup = Scenario(name: "dispatch-group", summary: "a group entered while a notify is registered") {
        let runtime = currentRuntime()
        let group = DispatchGroupModel(label: "group", runtime: runtime)
        let queue = InlineQueue()
        let notifier = runtime.spawnThread(named: "notify") {
            runtime.yield("before notifying")
            group.notify(queue: queue, label: "notify") { runtime.record(.note("notified")) }
        }
        runtime.yield("before entering")
        group.enter()
        notifier.join()
    }

    /// Main cancels an operation while another thread reads its `isCancelled`.
    static let operationState = Scenario(name: "operation-state", summary: "an operation cancelled while read") {
        let runtime = currentRuntime()
        let operation = LabOperation(name: "op")
        let reader = runtime.spawnThread(named: "reader") {
            runtime.yield("before reading")
            runtime.record(.note("cancelled \(operation.isCancelled)"))
        }
        runtime.yield("before cancelling")
        operation.cancel()
        reader.join()
    }

    /// A writer stores to two cells while two readers load both, in opposite orders: loads
    /// commute with each other, not with the stores (reversing a store and one reader's load
    /// must carry the other reader's loads that lead to the store).
    static let cells = Scenario(name: "cells", summary: "two readers and a writer of two cells") {
        let runtime = currentRuntime()
        let (x, y) = (LabAtomic("x", 0), LabAtomic("y", 0))
        let threads = [
            runtime.spawnThread(named: "writer") {
                x.store(1)
                y.store(1)
            },
            runtime.spawnThread(named: "x then y") { runtime.record(.note("x\(x.load()) y\(y.load())")) },
            runtime.spawnThread(named: "y then x") { runtime.record(.note("y\(y.load()) x\(x.load())")) },
        ]
        for thread in threads { thread.join() }
    }

    /// Two readers load a cell, one of them twice, while a third thread adds to it: the
    /// loads commute with each other, the add with none of them.
    static let readers = Scenario(name: "readers", summary: "two readers of a cell and an add") {
        let runtime = currentRuntime()
        let x = LabAtomic("x", 0)
        let threads = [
            runtime.spawnThread(named: "reader 1") { runtime.record(.note("x\(x.load())")) },
            runtime.spawnThread(named: "adder") { x.add(1) },
            runtime.spawnThread(named: "reader 2") { runtime.record(.note("x\(x.load()) x\(x.load())")) },
        ]
        for thread in threads { thread.join() }
    }

    /// A dispatch queue that runs each block at once on the calling thread.
    private final class InlineQueue: LabDispatchQueue {
        let label = "inline"

        func async(label blockLabel: @autoclosure () -> String, _ block: @escaping @Sendable () -> Void) {
            block()
        }
    }

    /// A connected, non-blocking socket pair, with one channel for both ends.
    private static func socketPair(_ name: String) -> (LabFileDescriptor, LabFileDescriptor) {
        var fds: [Int32] = [-1, -1]
        let type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        precondition(socketpair(AF_UNIX, type, 0, &fds) == 0, "socketpair failed")
        return LabFileDescriptor.adoptingPair((fds[0], "\(name) writer"), (fds[1], "\(name) reader"))
    }

    /// Writes `text` to `socket`, or reads what is there (empty at the end of stream), after
    /// a scheduling point before the operation, as NetSim's sockets do.
    @discardableResult
    private static func transfer(_ kind: VisibleOperation.Kind, _ socket: LabFileDescriptor, text: String = "") -> String {
        currentRuntime().schedulingPoint(before: VisibleOperation(kind, on: socket.channel), "\(kind) \(socket.label)")
        guard let fd = socket.rawValue else { return "" }
        if kind == .send {
            _ = text.utf8CString.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, text.utf8.count, Int32(MSG_NOSIGNAL)) }
            return text
        }
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        return String(decoding: buffer.prefix(max(count, 0)), as: UTF8.self)
    }
}
