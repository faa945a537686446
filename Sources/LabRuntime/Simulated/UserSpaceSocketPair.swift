import CSystem
import Glibc
import Synchronization

/// The state of a simulated run's socket pair (`socketpair(AF_UNIX, SOCK_STREAM)`) kept in
/// user space, as a simulated eventfd keeps its counter (``LabFileDescriptor/eventFD(label:runtime:)``):
/// under simulation every call on either end is made by a lab thread, so the bytes in flight
/// each way, which ends are closed and each end's pending error can live here, and sending,
/// receiving, asking for the pending error, closing and asking what an end is ready for make
/// no system call. The two kernel descriptors, pristine, come from ``SocketPairPool`` and go
/// back to it once both ends are closed.
///
/// The model is the kernel's AF_UNIX stream semantics: a receive takes what is queued, up to
/// its size, across sends; with nothing queued it fails with the end's pending error
/// (cleared), or reports the end of stream once the peer is closed, or would block. A send to
/// a closed peer fails with `EPIPE`. Closing an end with unread bytes leaves `ECONNRESET`
/// pending at its peer. An end whose peer is closed is readable and hung up; one with a
/// pending error is in error.
///
/// **Capacity.** The kernel takes a send whole and keeps the sender writable only while the
/// memory of its unread sends stays low (a quarter of `SO_SNDBUF`, counted per send with
/// overhead: 70 one-byte sends already turn `POLLOUT` off). User space therefore holds at
/// most ``capacity`` unread bytes in at most ``maximumSends`` sends each way, far inside
/// that with the default `SO_SNDBUF` (208 KiB; at 24 unread sends of 1 KiB the kernel's
/// pair stops being writable, and a test checks the bound on the host); a send that would
/// go beyond moves the pair into the kernel first, whose buffer
/// then applies exactly as for a pair that never lived in user space. Within the bound every
/// send is taken whole and both ends stay writable, as the kernel's would.
///
/// **Into the kernel.** Whoever needs a real descriptor (``LabFileDescriptor/rawValue``)
/// moves the pair into the kernel (``moveIntoKernel()``): each unread send is replayed as the
/// same `send` (a partly read one whole, then its read part received), so the kernel holds
/// the same buffers; an end closed with unread bytes whose peer's `ECONNRESET` is still
/// pending gets a byte before its descriptor is closed, so the kernel sets the error again;
/// closed ends' descriptors are closed, and the close settled (``CloseSettling``). From
/// then on the pair is an ordinary socket pair and every call here answers `nil`.
final class UserSpaceSocketPair: Sendable {
    /// The most unread bytes held in user space toward one end.
    static let capacity = 16 * 1024
    /// The most unread sends held in user space toward one end.
    static let maximumSends = 16

    /// The bytes sent toward one end and not yet read, as they were sent.
    fileprivate struct Inbox {
        /// The unread sends, oldest first, each whole (the first may be partly read).
        var bytes: [UInt8] = []
        /// The length of each unread send, oldest first.
        var sends: [Int] = []
        /// How many bytes of the first send have been read.
        var consumed = 0

        var unread: Int { bytes.count - consumed }

        /// Copies up to `destination.count` unread bytes into `destination`, drops the
        /// sends read whole, and returns how many it copied.
        mutating func read(into destination: UnsafeMutableRawBufferPointer) -> Int {
            let count = min(destination.count, unread)
            guard count > 0, let base = destination.baseAddress else { return 0 }
            bytes.withUnsafeBytes { source in
                base.copyMemory(from: source.baseAddress! + consumed, byteCount: count)
            }
            consumed += count
            if consumed == bytes.count {
                bytes.removeAll(keepingCapacity: true)
                sends.removeAll(keepingCapacity: true)
                consumed = 0
            } else {
                var whole = 0
                while let first = sends.first, consumed - whole >= first {
                    whole += first
                    sends.removeFirst()
                }
                bytes.removeFirst(whole)
                consumed -= whole
            }
            return count
        }

        mutating func discard() {
            bytes.removeAll(keepingCapacity: true)
            sends.removeAll(keepingCapacity: true)
            consumed = 0
        }
    }

    /// One end's state.
    private struct End {
        /// What the peer sent toward this end and this end has not read.
        var inbox = Inbox()
        var isClosed = false
        /// The end's pending error (`SO_ERROR`), 0 when none.
        var pendingError: Int32 = 0
    }

    private struct State {
        var ends = (End(), End())
        /// The kernel's pair: `descriptors.0` is end 0's.
        let descriptors: (Int32, Int32)
        var isInKernel = false

        /// End `end`, a copy: for reading, where nothing is busy.
        subscript(end: Int) -> End { end == 0 ? ends.0 : ends.1 }

        /// Runs `body` on end `end` and its peer in place, with no copy of their bytes.
        mutating func update<Result>(_ end: Int, _ body: (inout End, inout End) -> Result) -> Result {
            end == 0 ? body(&ends.0, &ends.1) : body(&ends.1, &ends.0)
        }

        func descriptor(_ end: Int) -> Int32 { end == 0 ? descriptors.0 : descriptors.1 }
    }

    /// An idle pair kept in ``SocketPairPool``: the kernel's pair, pristine, and the byte
    /// queues of the pair that used it last, empty but with their room, so a later pair
    /// allocates none.
    struct Idle: Sendable {
        /// The kernel's pair.
        let descriptors: (Int32, Int32)
        fileprivate var inboxes = (Inbox(), Inbox())

        /// The idle pair of a new kernel pair.
        init(descriptors: (Int32, Int32)) { self.descriptors = descriptors }
    }

    /// What ``close(_:)`` did.
    enum CloseOutcome {
        /// The pair lives in the kernel: close the descriptor there.
        case inKernel
        /// The end is closed in user space; the peer is still open.
        case closed
        /// Both ends are closed and the kernel's pair, never used, is free again, with the
        /// emptied byte queues.
        case bothClosed(Idle)
    }

    private let state: Mutex<State>
    /// What each end is for, for the message of a close that does not settle.
    private let labels: (String, String)

    /// A pair in user space over the pristine kernel pair of `idle`, whose ends are
    /// called `labels`.
    init(_ idle: consuming Idle, labels: (String, String)) {
        var state = State(descriptors: idle.descriptors)
        swap(&state.ends.0.inbox, &idle.inboxes.0)
        swap(&state.ends.1.inbox, &idle.inboxes.1)
        self.state = Mutex(state)
        self.labels = labels
    }

    /// Receives into `first` and then `second` at `end` (`readv`): the count, 0 for the end
    /// of stream (or an empty request), or `-errno`; `nil` once the pair is in the kernel.
    func receive(at end: Int, into first: UnsafeMutableRawBufferPointer, then second: UnsafeMutableRawBufferPointer) -> Int? {
        state.withLock { state in
            guard !state.isInKernel else { return nil }
            return state.update(end) { this, peer in
                guard !this.isClosed else { return -Int(EBADF) }
                guard first.count + second.count > 0 else { return 0 }
                if this.inbox.unread > 0 {
                    let count = this.inbox.read(into: first)
                    return count + (count == first.count ? this.inbox.read(into: second) : 0)
                }
                if this.pendingError != 0 {
                    defer { this.pendingError = 0 }
                    return -Int(this.pendingError)
                }
                return peer.isClosed ? 0 : -Int(EAGAIN)
            }
        }
    }

    /// Sends `bytes` from `end` (`send` with `MSG_NOSIGNAL`): the count or `-errno`; `nil`
    /// once the pair is in the kernel, which a send beyond the user-space ``capacity``
    /// moves it into first. The error, if moving fails, is thrown.
    func send(from end: Int, _ bytes: UnsafeRawBufferPointer) throws(SystemCallError) -> Int? {
        let fits = state.withLock { state -> Int?? in
            guard !state.isInKernel else { return .some(nil) }
            return state.update(end) { this, peer -> Int?? in
                guard !this.isClosed else { return -Int(EBADF) }
                guard !peer.isClosed else { return -Int(EPIPE) }
                guard !bytes.isEmpty else { return 0 }
                guard peer.inbox.sends.count < Self.maximumSends, peer.inbox.bytes.count + bytes.count <= Self.capacity else {
                    return nil
                }
                peer.inbox.bytes.append(contentsOf: bytes)
                peer.inbox.sends.append(bytes.count)
                return bytes.count
            }
        }
        // `.some(nil)`: in the kernel already; `nil`: beyond the capacity.
        if let fits { return fits }
        try moveIntoKernel()
        return nil
    }

    /// Takes `end`'s pending error (`getsockopt(SO_ERROR)`), 0 when none; `nil` once the
    /// pair is in the kernel.
    func takePendingError(at end: Int) -> Int32? {
        state.withLock { state in
            guard !state.isInKernel else { return nil }
            return state.update(end) { this, _ in
                guard !this.isClosed else { return EBADF }
                defer { this.pendingError = 0 }
                return this.pendingError
            }
        }
    }

    /// What `poll` would report for `end` (`POLLIN`, `POLLOUT`, `POLLHUP`, `POLLERR`,
    /// whatever was asked for); `nil` once the pair is in the kernel or the end is closed.
    func pollEvents(at end: Int) -> Int16? {
        state.withLock { state in
            guard !state.isInKernel else { return nil }
            return state.update(end) { this, peer -> Int16? in
                guard !this.isClosed else { return nil }
                var events = Int16(POLLOUT)
                if peer.isClosed || this.inbox.unread > 0 { events |= Int16(POLLIN) }
                if peer.isClosed { events |= Int16(POLLHUP) }
                if this.pendingError != 0 { events |= Int16(POLLERR) }
                return events
            }
        }
    }

    /// Closes `end` in user space: what it had not read is dropped, leaving `ECONNRESET`
    /// pending at its peer if there was any, as the kernel does.
    func close(_ end: Int) -> CloseOutcome {
        state.withLock { state in
            guard !state.isInKernel else { return .inKernel }
            let bothClosed = state.update(end) { this, peer in
                if !this.inbox.sends.isEmpty, !peer.isClosed { peer.pendingError = ECONNRESET }
                this.inbox.discard()
                this.isClosed = true
                return peer.isClosed
            }
            guard bothClosed else { return .closed }
            var idle = Idle(descriptors: state.descriptors)
            swap(&idle.inboxes.0, &state.ends.0.inbox)
            swap(&idle.inboxes.1, &state.ends.1.inbox)
            return .bothClosed(idle)
        }
    }

    /// Moves the pair into the kernel, as the type's documentation says; does nothing once
    /// it is there. Throws the failing call if the kernel does not take what user space
    /// holds (with a buffer far below the usual 208 KiB), which would change the
    /// pair's state. The state is taken out of user space first and handed to the kernel
    /// after: no other call on the pair can come between, all being made by the lab threads of
    /// one simulation, which do not switch within this call.
    func moveIntoKernel() throws(SystemCallError) {
        let taken = state.withLock { state -> State? in
            guard !state.isInKernel else { return nil }
            defer {
                state.isInKernel = true
                state.ends = (End(), End())
            }
            return state
        }
        guard let taken else { return }
        for end in 0..<2 {
            try Self.replay(taken[end].inbox, from: taken.descriptor(1 - end), to: taken.descriptor(end))
        }
        for end in 0..<2 where taken[end].isClosed {
            let peer = 1 - end
            let peerIsOpen = !taken[peer].isClosed
            if peerIsOpen, taken[peer].pendingError != 0 { try Self.send([0], from: taken.descriptor(peer)) }
            _ = Glibc.close(taken.descriptor(end))
            if peerIsOpen {
                let (closed, survivor) = end == 0 ? labels : (labels.1, labels.0)
                CloseSettling.awaitEndOfStream(at: taken.descriptor(peer), closed: closed, peer: survivor)
            }
        }
    }

    /// Sends each of `inbox`'s unread sends from `sender` as it was sent, then reads the
    /// part of the first already read at `receiver`.
    private static func replay(_ inbox: Inbox, from sender: Int32, to receiver: Int32) throws(SystemCallError) {
        var start = 0
        for length in inbox.sends {
            try send(inbox.bytes[start..<start + length], from: sender)
            start += length
        }
        guard inbox.consumed > 0 else { return }
        let received = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: inbox.consumed) {
            recv(receiver, $0.baseAddress, inbox.consumed, 0)
        }
        guard received == inbox.consumed else { throw SystemCallError("recv (moving a socket pair into the kernel)") }
    }

    /// Sends `bytes` whole from `sender`, or throws.
    private static func send(_ bytes: ArraySlice<UInt8>, from sender: Int32) throws(SystemCallError) {
        let sent = bytes.withUnsafeBytes { Glibc.send(sender, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        guard sent == bytes.count else {
            throw SystemCallError("send (moving a socket pair into the kernel)", errno: sent < 0 ? csystem_errno() : EAGAIN)
        }
    }
}
