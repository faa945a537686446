import CSystem
import Glibc
import LabRuntime

/// Thin, typed wrappers over the socket calls NetSim makes, in the spirit of swift-system's
/// `FileDescriptor`: `CFSocket`'s creation, connect and accept on loopback, and the
/// non-blocking reads and writes its callbacks do. Every socket is non-blocking, so no lab
/// thread ever blocks in a system call.
enum LoopbackSocket {
    /// `"C3 socket"`, `"C3 server socket"`: how traces name the end `end` of client
    /// `client`'s connection, and the server's source on it.
    static func label(of client: LabName, _ end: StaticString) -> LabName {
        client.appending(end)
    }

    /// A connected, non-blocking `AF_UNIX` stream pair: the simulated stand-in for a TCP
    /// connection, whose bytes are readable as soon as the peer's write returns, and whose
    /// end of stream is visible to one end as soon as the other's close returns. Under
    /// simulation its bytes live in user space until someone needs a raw descriptor
    /// (``LabFileDescriptor/socketPair(_:_:runtime:)``), so ``receive(_:limit:)``,
    /// ``receive(_:into:then:)``, ``send(_:_:)`` and ``pendingError(_:)`` make no system call.
    ///
    /// With no descriptor left (`EMFILE`), a simulation ends its run with the error, as for
    /// a port (`Runtime.unavailableDescriptor(_:label:)`): the host's limit is no part of the
    /// simulated program, and a connection failing with it would make the trace depend on
    /// the machine. Live, the error is thrown, and the dial fails with it.
    static func pair(client: String, server: String) throws(SystemCallError) -> (client: LabFileDescriptor, server: LabFileDescriptor) {
        let runtime = currentRuntime()
        do throws(SystemCallError) {
            let (clientEnd, serverEnd) = try LabFileDescriptor.socketPair(client, server, runtime: runtime)
            return (clientEnd, serverEnd)
        } catch {
            if runtime.flavor == .simulated, error.isDescriptorExhaustion { runtime.fail(error) }
            throw error
        }
    }

    /// A non-blocking TCP socket listening on `address` at an ephemeral port, and that port.
    static func listen(on address: LoopbackAddress, label: String) throws(SystemCallError) -> (LabFileDescriptor, port: Int) {
        let socket = try makeTCPSocket(address, label: LabName(label))
        guard let fd = socket.rawValue else { throw SystemCallError("socket", errno: EBADF) }
        var on: Int32 = 1
        _ = setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
        let bound = SocketAddress(address, port: 0).withSockaddr { Glibc.bind(fd, $0, $1) }
        guard bound == 0 else { throw SystemCallError("bind") }
        guard Glibc.listen(fd, SOMAXCONN) == 0 else { throw SystemCallError("listen") }
        return (socket, try localAddress(of: socket).port)
    }

    /// A non-blocking TCP socket connecting to `port` at `address`: the connect is under way
    /// (or done) when this returns, and finishes when the socket becomes writable
    /// (``pendingError(_:)`` then says how). With `bound`, the socket is first bound to an
    /// ephemeral port, which `bound` learns before the connect starts, so the server can
    /// recognise the client; without it (nobody will read the name) the kernel picks the
    /// port during the connect, saving two system calls.
    static func connect(
        to address: LoopbackAddress, port: Int, label: LabName,
        bound: ((Int) -> Void)?
    ) throws(SystemCallError) -> LabFileDescriptor {
        let socket = try makeTCPSocket(address, label: label)
        guard let fd = socket.rawValue else { throw SystemCallError("socket", errno: EBADF) }
        if let bound {
            guard SocketAddress(address, port: 0).withSockaddr({ Glibc.bind(fd, $0, $1) }) == 0 else { throw SystemCallError("bind") }
            bound(try localAddress(of: socket).port)
        }
        socket.noteAccess()
        let status = SocketAddress(address, port: port).withSockaddr { Glibc.connect(fd, $0, $1) }
        guard status == 0 || csystem_errno() == EINPROGRESS else {
            let error = SystemCallError("connect")
            socket.close()
            throw error
        }
        return socket
    }

    /// Accepts one pending connection on a listening socket as a non-blocking,
    /// close-on-exec socket; nil when none is pending. Throws when no descriptor is left for
    /// it (`EMFILE`, `ENFILE`): the connection stays pending and the listener readable.
    static func accept(_ listener: LabFileDescriptor, label: (Int) -> String) throws(SystemCallError) -> (LabFileDescriptor, peerPort: Int)?
    {
        listener.noteAccess()
        guard let fd = listener.rawValue else { return nil }
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let accepted = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { csystem_accept_nonblocking(fd, $0, &length) }
        }
        guard accepted >= 0 else {
            let error = SystemCallError("accept")
            if error.isDescriptorExhaustion { throw error }
            return nil
        }
        let peerPort = SocketAddress.port(of: storage)
        return (LabFileDescriptor(adopting: accepted, label: label(peerPort), channel: LabFileDescriptor.network), peerPort)
    }

    /// The address and port a socket is bound to (`getsockname`).
    static func localAddress(of socket: LabFileDescriptor) throws(SystemCallError) -> SocketAddress {
        guard let fd = socket.rawValue else { throw SystemCallError("getsockname", errno: EBADF) }
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let status = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard status == 0 else { throw SystemCallError("getsockname") }
        return SocketAddress(storage)
    }

    /// Reads what is available, up to `limit` bytes, without blocking; the bytes read are
    /// empty unless the outcome is `transferred`.
    static func receive(_ socket: LabFileDescriptor, limit: Int) -> (SocketTransfer, [UInt8]) {
        var outcome = SocketTransfer.wouldBlock
        let bytes = [UInt8](unsafeUninitializedCapacity: limit) { storage, count in
            outcome = receive(socket, into: storage, then: UnsafeMutableBufferPointer(start: nil, count: 0))
            if case let .transferred(received) = outcome { count = received }
        }
        return (outcome, bytes)
    }

    /// Reads what is available into `first` and then `second`, up to their sizes together,
    /// without blocking: one `readv`, so one read however the bytes are split.
    static func receive(
        _ socket: LabFileDescriptor, into first: UnsafeMutableBufferPointer<UInt8>, then second: UnsafeMutableBufferPointer<UInt8>
    ) -> SocketTransfer {
        socket.noteAccess()
        if let received = socket.receiveInUserSpace(into: UnsafeMutableRawBufferPointer(first), then: UnsafeMutableRawBufferPointer(second))
        {
            return received >= 0 ? receiveOutcome(received) : failure(Int32(-received))
        }
        guard let fd = socket.rawValue else { return .failed(EBADF) }
        var vectors = (
            iovec(iov_base: UnsafeMutableRawPointer(first.baseAddress), iov_len: first.count),
            iovec(iov_base: UnsafeMutableRawPointer(second.baseAddress), iov_len: second.count)
        )
        let received = withUnsafeMutablePointer(to: &vectors) {
            $0.withMemoryRebound(to: iovec.self, capacity: 2) { readv(fd, $0, 2) }
        }
        return received >= 0 ? receiveOutcome(received) : failure(csystem_errno())
    }

    /// What a receive of `count` bytes, 0 for the end of stream, did.
    private static func receiveOutcome(_ count: Int) -> SocketTransfer {
        count > 0 ? .transferred(count) : .endOfStream
    }

    /// Writes as much of `bytes` as the socket takes now, without blocking and without
    /// `SIGPIPE` (`MSG_NOSIGNAL`).
    static func send(_ socket: LabFileDescriptor, _ bytes: ArraySlice<UInt8>) -> SocketTransfer {
        socket.noteAccess()
        if let sent = bytes.withUnsafeBytes({ socket.sendInUserSpace($0) }) {
            return sent >= 0 ? .transferred(sent) : failure(Int32(-sent))
        }
        guard let fd = socket.rawValue else { return .failed(EBADF) }
        let sent = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        return sent >= 0 ? .transferred(sent) : failure(csystem_errno())
    }

    /// The socket's pending error (`SO_ERROR`), which says how a non-blocking connect ended;
    /// 0 when it succeeded.
    static func pendingError(_ socket: LabFileDescriptor) -> Int32 {
        socket.noteAccess()
        if let error = socket.takePendingErrorInUserSpace() { return error }
        guard let fd = socket.rawValue else { return EBADF }
        var error: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        guard getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &length) == 0 else { return csystem_errno() }
        return error
    }

    /// Makes the next close abortive (`SO_LINGER` on, 0 s): TCP sends RST, not FIN.
    static func resetOnClose(_ socket: LabFileDescriptor) {
        guard let fd = socket.rawValue else { return }
        var option = linger(l_onoff: 1, l_linger: 0)
        _ = setsockopt(fd, SOL_SOCKET, SO_LINGER, &option, socklen_t(MemoryLayout<linger>.size))
    }

    private static func failure(_ code: Int32) -> SocketTransfer {
        code == EAGAIN || code == EWOULDBLOCK || code == EINTR ? .wouldBlock : .failed(code)
    }

    private static func makeTCPSocket(_ address: LoopbackAddress, label: LabName) throws(SystemCallError) -> LabFileDescriptor {
        let family = address == .ipv4 ? AF_INET : AF_INET6
        let type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        let fd = socket(family, type, 0)
        guard fd >= 0 else { throw SystemCallError("socket") }
        return LabFileDescriptor(adopting: fd, name: label, channel: LabFileDescriptor.network)
    }
}
