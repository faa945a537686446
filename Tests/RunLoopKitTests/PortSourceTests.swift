// §9.1 rows: "version-1 sources on ports" (must: eventfd / pipe ports); "port set per mode" (must);
// "wait primitive" (must: the loop sleeps on the mode's port set and wakes on a port); "MessagePort /
// NSMachPort" (model a `Port` on eventfd/pipe); "SocketPort" (optional: a source on a readable descriptor).
import Glibc
import LabRuntime
import LabTestSupport
import RunLoopKit
import Testing

@Suite("Version-1 port sources: EventFDPort and PipePort, heard only in their modes")
struct PortSourceTests {
    enum Kind: String, CaseIterable, Sendable {
        case eventfd, pipe

        func make(_ name: String) -> any LabPort {
            switch self {
            case .eventfd: EventFDPort(name: name)
            case .pipe: PipePort(name: name)
            }
        }
    }

    @Test(
        "a send from another thread wakes the sleeping loop, which performs the source at once",
        arguments: Kind.allCases, [0, 1, 2] as [UInt64])
    func sendWakesTheLoop(kind: Kind, seed: UInt64) {
        let seen = Shared<[String]>([])
        let result = Simulation.run(seed: seed) {
            let runtime = currentRuntime()
            let port = kind.make("p")
            let source = PortSource(port: port) { seen.append("perform \($0) on \(LabThread.current.name) at \(runtime.now())") }
            try? RunLoop.current.add(source, forMode: .default)
            let sender = runtime.spawnThread(named: "sender") {
                runtime.sleep(until: ms(70))
                port.send()
            }
            let outcome = runCurrent(for: .seconds(5), returnAfterSourceHandled: true)
            seen.append(outcome.map(\.description) ?? "error")
            sender.join()
        }
        #expect(result.outcome == .quiescent)
        #expect(seen.value == ["perform 1 on main at 0.070000", "handledSource"])
        #expect(result.details("port.perform") == ["p in kCFRunLoopDefaultMode messages=1"])
        #expect(result.details("loop.wake") == ["kCFRunLoopDefaultMode by p"])
    }

    @Test(
        "16 quick sends on a PipePort are all drained: 16 messages across performs, none stranded",
        arguments: [0, 1, 2, 3, 4] as [UInt64])
    func pipeDrainsEverything(seed: UInt64) {
        let seen = Shared<[String]>([])
        let messages = Shared(0)
        let result = Simulation.run(seed: seed) {
            let runtime = currentRuntime()
            let port = PipePort(name: "pipe")
            try? RunLoop.current.add(PortSource(port: port) { count in messages.update { $0 += count } }, forMode: .default)
            let sender = runtime.spawnThread(named: "sender") {
                for _ in 0..<16 { port.send() }
            }
            var runs = 0
            while messages.value < 16, runs < 16 {
                _ = runCurrent(for: .seconds(1), returnAfterSourceHandled: true)
                runs += 1
            }
            sender.join()
            let after = runCurrent(for: .milliseconds(10), returnAfterSourceHandled: true)
            seen.append("then \(after.map(\.description) ?? "error")")
        }
        #expect(result.outcome == .quiescent)
        #expect(messages.value == 16)
        #expect(seen.value == ["then timedOut"])
        let performed = result.details("port.perform").compactMap { Int($0.split(separator: "=").last ?? "") }
        #expect(performed.reduce(0, +) == 16)
        #expect(result.events("port.send").count == 16)
    }

    @Test("an EventFDPort coalesces: three sends before the loop looks are one perform of 3 messages")
    func eventfdCoalesces() {
        let seen = Shared<[String]>([])
        let result = Simulation.run(seed: 0) {
            let port = EventFDPort(name: "efd")
            try? RunLoop.current.add(PortSource(port: port) { seen.append("perform \($0)") }, forMode: .default)
            port.send()
            port.send()
            port.send()
            seen.append(runCurrent(for: .seconds(1), returnAfterSourceHandled: true).map(\.description) ?? "error")
            seen.append(runCurrent(for: .milliseconds(10), returnAfterSourceHandled: true).map(\.description) ?? "error")
        }
        #expect(result.outcome == .quiescent)
        #expect(seen.value == ["perform 3", "handledSource", "timedOut"])
    }

    @Test(
        "port set per mode: a port source in X is not heard while the loop runs the default mode",
        arguments: [0, 1, 2] as [UInt64])
    func portHeardOnlyInItsMode(seed: UInt64) {
        let seen = Shared<[String]>([])
        let result = Simulation.run(seed: seed) {
            let runtime = currentRuntime()
            let loop = RunLoop.current
            _ = try? loop.add(EventFDPort(name: "keep default"), forMode: .default)
            let port = EventFDPort(name: "x-port")
            try? loop.add(
                PortSource(port: port) { seen.append("perform \($0) in \(loop.currentMode?.name ?? "nil") at \(runtime.now())") },
                forMode: .x)
            let sender = runtime.spawnThread(named: "sender") {
                runtime.sleep(until: ms(10))
                port.send()
            }
            let inDefault = runCurrent(.default, for: .milliseconds(100), returnAfterSourceHandled: true)
            seen.append("default: \(inDefault.map(\.description) ?? "error") at \(runtime.now())")
            let inX = runCurrent(.x, for: .milliseconds(100), returnAfterSourceHandled: true)
            seen.append("X: \(inX.map(\.description) ?? "error")")
            sender.join()
        }
        #expect(result.outcome == .quiescent)
        let expected = ["default: timedOut at 0.100000", "perform 1 in X at 0.100000", "X: handledSource"]
        #expect(seen.value == expected)
    }

    @Test("a removed port is no longer heard; an invalidated source leaves every mode")
    func removeAndInvalidate() {
        let seen = Shared<[String]>([])
        let result = Simulation.run(seed: 0) {
            let loop = RunLoop.current
            loop.add(RunLoopSource(name: "keep") {}, forMode: .default)
            let removed = EventFDPort(name: "removed")
            let source = try? loop.add(removed, forMode: .default)
            try? loop.remove(removed, forMode: .default)
            removed.send()
            seen.append(runCurrent(for: .milliseconds(10), returnAfterSourceHandled: true).map(\.description) ?? "error")
            let invalidated = PortSource(port: EventFDPort(name: "invalidated")) { _ in seen.append("performed") }
            try? loop.add(invalidated, forMode: .default)
            try? loop.add(invalidated, forMode: .x)
            invalidated.invalidate()
            invalidated.port?.send()
            let left = loop.contents(of: .default).ports.count + loop.contents(of: .x).ports.count
            seen.append("ports left: \(left), valid: \(invalidated.isValid), first source still valid: \(source?.isValid == true)")
            seen.append(runCurrent(for: .milliseconds(10), returnAfterSourceHandled: true).map(\.description) ?? "error")
        }
        #expect(result.outcome == .quiescent)
        let expected = ["timedOut", "ports left: 0, valid: false, first source still valid: true", "timedOut"]
        #expect(seen.value == expected)
    }

    @Test("a descriptor source (a socket-style readable fd) is performed while readable and reads its own bytes")
    func descriptorSource() {
        let seen = Shared<[String]>([])
        let result = Simulation.run(seed: 0) {
            var ends: [Int32] = [0, 0]
            guard pipe(&ends) == 0 else { return }
            let readEnd = LabFileDescriptor(adopting: ends[0], label: "socket-ish")
            let writeEnd = LabFileDescriptor(adopting: ends[1], label: "peer")
            let source = PortSource(readable: readEnd) {
                var buffer = [UInt8](repeating: 0, count: 8)
                let count = buffer.withUnsafeMutableBytes { read(readEnd.rawValue ?? -1, $0.baseAddress, 8) }
                seen.append("read \(count)")
            }
            try? RunLoop.current.add(source, forMode: .default)
            var bytes: [UInt8] = [1, 2, 3]
            _ = write(writeEnd.rawValue ?? -1, &bytes, 3)
            seen.append(runCurrent(for: .seconds(1), returnAfterSourceHandled: true).map(\.description) ?? "error")
            seen.append(runCurrent(for: .milliseconds(10), returnAfterSourceHandled: true).map(\.description) ?? "error")
        }
        #expect(result.outcome == .quiescent)
        #expect(seen.value == ["read 3", "handledSource", "timedOut"])
        #expect(result.details("port.perform") == ["socket-ish in kCFRunLoopDefaultMode messages=1"])
    }
}
