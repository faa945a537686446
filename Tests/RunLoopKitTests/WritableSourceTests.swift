// §9.1 "version-1 sources on ports", extended to CFSocket-style writable callbacks: a
// descriptor source can wait for room to write, which the loopback server needs for
// bodies larger than a socket buffer.
import Glibc
import LabRuntime
import LabTestSupport
import RunLoopKit
import Testing

@Suite("Writable descriptor sources")
struct WritableSourceTests {
    /// A non-blocking socket pair under the current runtime.
    private static func socketPair() -> (LabFileDescriptor, LabFileDescriptor) {
        var fds: [Int32] = [0, 0]
        precondition(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0, &fds) == 0)
        return (LabFileDescriptor(adopting: fds[0], label: "left"), LabFileDescriptor(adopting: fds[1], label: "right"))
    }

    @Test("a writer fills the buffer, waits for room, and the reader's draining lets it finish", arguments: [0, 1, 2] as [UInt64])
    func writerWaitsForRoom(seed: UInt64) {
        let total = 1 << 20
        let received = Shared(0)
        let writableCallouts = Shared(0)
        let result = Simulation.run(seed: seed) {
            let runtime = currentRuntime()
            let (writeEnd, readEnd) = Self.socketPair()
            let reader = runtime.spawnThread(named: "reader") {
                let loop = RunLoop.current
                let source = PortSource(readable: readEnd, name: "incoming") {
                    var buffer = [UInt8](repeating: 0, count: 65_536)
                    let count = buffer.withUnsafeMutableBytes { read(readEnd.rawValue!, $0.baseAddress, $0.count) }
                    if count > 0 { received.update { $0 += count } }
                    if received.value == total { loop.stop() }
                }
                try! loop.add(source, forMode: .default)
                _ = try! loop.run(mode: .default)
            }
            let loop = RunLoop.current
            let chunk = [UInt8](repeating: 7, count: 65_536)
            let sent = Shared(0)
            let source = PortSource(writable: writeEnd, name: "outgoing") {
                writableCallouts.update { $0 += 1 }
                let count = chunk.withUnsafeBytes { write(writeEnd.rawValue!, $0.baseAddress, min($0.count, total - sent.value)) }
                if count > 0 { sent.update { $0 += count } }
                if sent.value == total { loop.stop() }
            }
            try! loop.add(source, forMode: .default)
            _ = try! loop.run(mode: .default)
            reader.join()
        }
        #expect(result.outcome == .quiescent)
        #expect(received.value == total)
        #expect(writableCallouts.value >= total / 65_536)
    }

    @Test("a descriptor can have a readable and a writable source at once")
    func bothInterests() throws {
        let fired = Shared<[String]>([])
        let result = Simulation.run(seed: 4) {
            let (left, right) = Self.socketPair()
            var byte: UInt8 = 1
            _ = write(right.rawValue!, &byte, 1)
            let loop = RunLoop.current
            let readable = PortSource(readable: left, name: "in") {
                var sink: UInt8 = 0
                _ = read(left.rawValue!, &sink, 1)
                fired.append("readable")
            }
            let writable = PortSource(writable: left, name: "out") { fired.append("writable") }
            try! loop.add(readable, forMode: .default)
            try! loop.add(writable, forMode: .default)
            _ = try! loop.run(mode: .default, for: .milliseconds(1), returnAfterSourceHandled: true)
            _ = try! loop.run(mode: .default, for: .milliseconds(1), returnAfterSourceHandled: true)
            try! loop.remove(writable, forMode: .default)
            try! loop.remove(readable, forMode: .default)
        }
        #expect(result.outcome == .quiescent)
        #expect(fired.value == ["readable", "writable"])
    }
}
