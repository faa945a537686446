import Glibc
import LabRuntime
import Testing

/// A live port set keeps a TCP socket out of epoll until its loop is about to block, and
/// `poll`s it when it looks without blocking; these check that a socket is reported alike
/// either way.
@Suite("Live: a port set's sockets before and after they join epoll")
struct LivePortSetSocketTests {
    /// A connected, non-blocking socket pair adopted on the TCP sockets' channel, as the
    /// port set treats a TCP socket.
    private static func socketPair(_ runtime: LiveRuntime, _ name: String) -> (LabFileDescriptor, LabFileDescriptor) {
        var fds: [Int32] = [-1, -1]
        let type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        #expect(socketpair(AF_UNIX, type, 0, &fds) == 0)
        return (
            LabFileDescriptor(adopting: fds[0], label: "\(name) a", runtime: runtime, channel: LabFileDescriptor.network),
            LabFileDescriptor(adopting: fds[1], label: "\(name) b", runtime: runtime, channel: LabFileDescriptor.network)
        )
    }

    private static func write(_ byte: UInt8, to socket: LabFileDescriptor) {
        var byte = byte
        #expect(Glibc.write(socket.rawValue!, &byte, 1) == 1)
    }

    @Test("a look reports a socket with bytes, with the interest it has now; once closed it is never reported")
    func lookWithoutBlocking() {
        let runtime = LiveRuntime()
        let set = runtime.makePortSet(named: "look")
        let (socket, peer) = Self.socketPair(runtime, "first")
        #expect(throws: Never.self) { try set.insert(socket) }
        #expect(set.wait(until: runtime.now()) == .timedOut)
        Self.write(1, to: peer)
        #expect(set.wait(until: runtime.now()) == .ready(socket, .readable))
        #expect(throws: Never.self) { try set.insert(socket, interest: [.readable, .writable]) }
        #expect(set.wait(until: runtime.now()) == .ready(socket, [.readable, .writable]))
        socket.close()
        // The closed socket's number may be the next socket's; its readiness is not the closed one's.
        let (reused, reusedPeer) = Self.socketPair(runtime, "second")
        Self.write(2, to: reusedPeer)
        #expect(set.wait(until: runtime.now()) == .timedOut)
        set.remove(socket)
        #expect(set.wait(until: runtime.now()) == .timedOut)
        for descriptor in [peer, reused, reusedPeer] { descriptor.close() }
        set.close()
    }

    @Test("a blocking wait reports a socket added before it or while it blocks; a removed one is not reported")
    func blockingWait() {
        let runtime = LiveRuntime()
        let set = runtime.makePortSet(named: "block")
        let (before, beforePeer) = Self.socketPair(runtime, "before")
        let (during, duringPeer) = Self.socketPair(runtime, "during")
        #expect(throws: Never.self) { try set.insert(before) }
        let writer = runtime.spawnThread(named: "writer") { Self.write(1, to: beforePeer) }
        #expect(set.wait(until: runtime.now() + .seconds(30)) == .ready(before, .readable))
        writer.join()
        set.remove(before)
        let adder = runtime.spawnThread(named: "adder") {
            Self.write(2, to: duringPeer)
            #expect(throws: Never.self) { try set.insert(during) }
        }
        #expect(set.wait(until: runtime.now() + .seconds(30)) == .ready(during, .readable))
        adder.join()
        for descriptor in [before, beforePeer, during, duringPeer] { descriptor.close() }
        set.close()
    }
}
