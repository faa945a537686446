import CSystem
import Glibc
import Synchronization

/// A file descriptor owned by the lab: closed exactly once, however many parties try.
///
/// Ports, port sets, pipes and sockets all hold one. A ``Simulation`` closes every
/// descriptor created during its run when the run ends, because threads parked forever
/// (a network thread never exits) never reach their own clean-up; the idempotent close
/// makes a later `deinit` harmless instead of closing a reused number.
public final class LabFileDescriptor: Sendable {
    private struct State {
        /// Under simulation, the other end of a socket pair (``adoptingPair(_:_:runtime:)``).
        weak var peer: LabFileDescriptor?
        /// A simulated run's eventfd keeps its counter here, and the kernel's at 0, until
        /// someone takes ``rawValue``; `nil` for every other descriptor, and from then on.
        var userSpaceCounter: UInt64?
    }
    private let state: Mutex<State>
    /// The raw descriptor, −1 once closed: written under ``state``'s lock, by ``close()``
    /// alone, and read without it wherever no counter in user space must move first.
    private let number: Atomic<Int32>
    /// The number the descriptor was adopted with, kept after ``close()`` (−1 for one that
    /// could not be made): how a live port set finds its entry for a member closed before
    /// it was removed.
    let adoptedNumber: Int32
    /// The calls that may have changed what the descriptor is ready for, shared with the
    /// other end of a pair; `nil` when its readiness may also change on its own.
    let activity: DescriptorActivity?
    /// Whether the descriptor is a simulated run's eventfd, which ``close()`` gives back to
    /// ``EventFDPool`` (``eventFD(label:runtime:)``).
    private let isPooled: Bool
    /// Under simulation, the pair in user space this descriptor is an end of, and which end
    /// (``socketPair(_:_:runtime:)``); `nil` for every other descriptor.
    private let userSpacePair: (pair: UserSpaceSocketPair, end: Int)?

    /// What the descriptor is for, for traces and error messages.
    public var label: String { name.text }
    /// The same, as its pieces until its text is read.
    public let name: LabName

    /// Why the descriptor could not be made, such as `eventfd` failing with `EMFILE`, for
    /// one made by ``init(failed:label:)``; `nil` for every other.
    public let creationError: SystemCallError?

    /// The data path the descriptor is an end of (``LabObjectKind/channel``), which the
    /// scheduler orders every send, read, drain, close and port-set wait on it by
    /// (``VisibleObject/channel(_:)``): its own for an eventfd, one for both ends of a
    /// pipe or a socket pair, and ``network`` for TCP sockets.
    public let channel: LabObjectID
    /// Whether its runtime observes accesses (a simulation ordering transitions): otherwise
    /// ``noteAccess()`` has no one to tell.
    private let observed: Bool

    /// The channel every TCP socket shares: the kernel connects a client to the socket that
    /// `accept` returns, and a listener to every client, so none of them is independent.
    public static let network = LabObjectID(.channel, -1)

    /// The channel of a descriptor that could not be made (``init(failed:label:)``): nothing
    /// is ever sent or read on it.
    private static let unavailable = LabObjectID(.channel, -2)

    /// Takes ownership of `rawValue` and registers it with `runtime` (the current one by
    /// default), as an end of `channel` (a new one by default). With
    /// `changesOnlyThroughCalls` (an eventfd), what the descriptor is ready for changes only
    /// through calls that use ``rawValue`` or ``close()``, so a simulation may remember it
    /// between those calls instead of asking the kernel at every scheduling point; leave it
    /// off for anything the kernel changes on its own (a TCP socket, whose connection and
    /// data arrive in the network stack). Live, nothing is counted.
    public convenience init(
        adopting rawValue: Int32, label: String, runtime: (any Runtime)? = nil, channel: LabObjectID? = nil,
        changesOnlyThroughCalls: Bool = false
    ) {
        self.init(
            adopting: rawValue, name: LabName(label), runtime: runtime, channel: channel,
            changesOnlyThroughCalls: changesOnlyThroughCalls)
    }

    /// ``init(adopting:label:runtime:channel:changesOnlyThroughCalls:)`` with a label kept as
    /// its pieces until it is read (`LabName("C", 3, " socket")`).
    public convenience init(
        adopting rawValue: Int32, name: LabName, runtime: (any Runtime)? = nil, channel: LabObjectID? = nil,
        changesOnlyThroughCalls: Bool = false
    ) {
        let runtime = runtime ?? currentRuntime()
        self.init(
            adopting: rawValue, name: name, runtime: runtime, channel: channel,
            activity: changesOnlyThroughCalls ? DescriptorActivity(of: runtime) : nil)
    }

    private init(
        adopting rawValue: Int32, name: LabName, runtime: any Runtime, channel: LabObjectID?, activity: DescriptorActivity?,
        isPooled: Bool = false, userSpacePair: (pair: UserSpaceSocketPair, end: Int)? = nil
    ) {
        state = Mutex(State(userSpaceCounter: isPooled ? 0 : nil))
        number = Atomic(rawValue)
        adoptedNumber = rawValue
        self.name = name
        self.channel = channel ?? LabObjectID(.channel, runtime.nextID(.channel))
        self.activity = activity
        self.isPooled = isPooled
        self.userSpacePair = userSpacePair
        creationError = nil
        observed = runtime.observesAccesses
        runtime.adopt(self)
    }

    /// A new non-blocking, close-on-exec `eventfd` with its counter at 0, owned by
    /// `runtime`: a port's descriptor (CF's `__CFPortAllocate` on Linux). Under simulation
    /// its readiness changes only through calls (see
    /// ``init(adopting:label:runtime:channel:changesOnlyThroughCalls:)``), and it comes from a
    /// pool that ``close()`` gives it back to, reset, instead of closing it (at the latest
    /// when the run ends): the kernel then makes and frees no file for a port of a later run.
    /// Under simulation every call on it is made by a lab thread, so its counter lives in user
    /// space and adding to it, taking it and asking what it is ready for make no system call;
    /// the kernel's counter takes it over only when someone asks for ``rawValue``.
    /// Throws when no descriptor is left.
    public static func eventFD(label: String, runtime: any Runtime) throws(SystemCallError) -> LabFileDescriptor {
        let simulated = runtime.flavor == .simulated
        let fd = simulated ? EventFDPool.take() : eventfd(0, Int32(EFD_NONBLOCK | EFD_CLOEXEC))
        guard fd >= 0 else { throw SystemCallError("eventfd") }
        let activity = DescriptorActivity(of: runtime)
        activity?.know(readable: false)
        return LabFileDescriptor(
            adopting: fd, name: LabName(label), runtime: runtime, channel: nil, activity: activity, isPooled: simulated)
    }

    /// Adds one to an eventfd's counter (`eventfd_write`), touching its channel
    /// (``noteAccess()``); nothing once closed. Under simulation the eventfd is then known
    /// to be readable, so a port set waiting on it does not ask the kernel.
    public func addToEventCounter() {
        noteAccess()
        if isPooled, addToUserSpaceCounter() { return }
        guard let fd = rawValue, eventfd_write(fd, 1) == 0 else { return }
        activity?.know(readable: true)
    }

    /// Adds one to the counter if it lives in user space, or says it does not: whether the
    /// call is done.
    private func addToUserSpaceCounter() -> Bool {
        state.withLock { state in
            guard isOpen else { return true }
            guard let counter = state.userSpaceCounter else { return false }
            state.userSpaceCounter = counter + 1
            activity?.note()
            activity?.know(readable: true)
            return true
        }
    }

    /// Reads an eventfd's counter and sets it to 0 (`eventfd_read`), touching its channel
    /// (``noteAccess()``): the count, or 0 when it was 0 already or the descriptor is closed.
    /// Under simulation the eventfd is then known to be unreadable.
    public func takeEventCounter() -> Int {
        noteAccess()
        if isPooled, let count = takeUserSpaceCounter() { return count }
        guard let fd = rawValue else { return 0 }
        var count: eventfd_t = 0
        if eventfd_read(fd, &count) == 0 {
            activity?.know(readable: false)
            return Int(count)
        }
        if csystem_errno() == EAGAIN { activity?.know(readable: false) }
        return 0
    }

    /// Takes the counter and sets it to 0 if it lives in user space (0 once closed), or
    /// `nil` if it does not.
    private func takeUserSpaceCounter() -> Int? {
        state.withLock { state in
            guard isOpen else { return 0 }
            guard let counter = state.userSpaceCounter else { return nil }
            state.userSpaceCounter = 0
            activity?.note()
            activity?.know(readable: false)
            return Int(counter)
        }
    }

    /// What `poll` would report for a simulated eventfd whose counter lives in user space
    /// (readable when the counter is above 0, and always writable: the counter grows by one
    /// at a time, far below the kernel's limit) or an end of a socket pair in user space
    /// (``UserSpaceSocketPair/pollEvents(at:)``); `nil` for every other descriptor and once
    /// closed.
    var userSpacePollEvents: Int16? {
        if let userSpacePair { return userSpacePair.pair.pollEvents(at: userSpacePair.end) }
        guard isPooled else { return nil }
        return state.withLock { state in
            guard isOpen, let counter = state.userSpaceCounter else { return nil }
            return counter > 0 ? Int16(POLLIN) | Int16(POLLOUT) : Int16(POLLOUT)
        }
    }

    /// Receives into `first` and then `second` (`readv`) at an end of a socket pair in user
    /// space (``socketPair(_:_:runtime:)``): the count, 0 for the end of stream, or `-errno`
    /// (`EAGAIN` when nothing is there yet, `EBADF` once closed); `nil` for every other
    /// descriptor, which the caller reads through ``rawValue``.
    public func receiveInUserSpace(into first: UnsafeMutableRawBufferPointer, then second: UnsafeMutableRawBufferPointer) -> Int? {
        guard let userSpacePair, let received = userSpacePair.pair.receive(at: userSpacePair.end, into: first, then: second)
        else { return nil }
        activity?.note()
        return received
    }

    /// Sends `bytes` from an end of a socket pair in user space (``socketPair(_:_:runtime:)``),
    /// without `SIGPIPE`: the count (all of `bytes`) or `-errno` (`EPIPE` once the peer is
    /// closed, `EBADF` once this end is); `nil` for every other descriptor, and for a send
    /// beyond the user-space capacity, which moves the pair into the kernel first: the caller
    /// sends through ``rawValue``. Ends the run if the kernel does not take the pair.
    public func sendInUserSpace(_ bytes: UnsafeRawBufferPointer) -> Int? {
        guard let userSpacePair else { return nil }
        let sent: Int?
        do throws(SystemCallError) { sent = try userSpacePair.pair.send(from: userSpacePair.end, bytes) } catch {
            currentRuntime().fail(error)
        }
        guard let sent else { return nil }
        activity?.note()
        return sent
    }

    /// Takes the pending error (`getsockopt(SO_ERROR)`) of an end of a socket pair in user
    /// space (``socketPair(_:_:runtime:)``): `ECONNRESET` once after the peer closed with
    /// bytes unread, otherwise 0 (`EBADF` once closed); `nil` for every other descriptor.
    public func takePendingErrorInUserSpace() -> Int32? {
        guard let userSpacePair, let error = userSpacePair.pair.takePendingError(at: userSpacePair.end) else { return nil }
        activity?.note()
        return error
    }

    /// A descriptor that could not be made, closed from the start, carrying `error` for
    /// whoever uses it: adding it to a run loop, or running a loop that waits on it, throws
    /// the error (CF crashes in `__CFPortAllocate` instead). See
    /// ``Runtime/unavailableDescriptor(_:label:)``.
    public init(failed error: SystemCallError, label: String) {
        state = Mutex(State())
        number = Atomic(-1)
        adoptedNumber = -1
        name = LabName(label)
        channel = Self.unavailable
        activity = nil
        isPooled = false
        userSpacePair = nil
        creationError = error
        observed = false
    }

    /// Notes that the running transition touches the descriptor's ``channel``
    /// (``Runtime/noteAccess(_:)``): for a read, a write or a drain that has no scheduling
    /// point of its own.
    public func noteAccess() {
        if observed { VisibleObject.channel(channel.id).noteAccess() }
    }

    /// Takes ownership of the two ends of a connected socket pair (`socketpair`), each with
    /// its label, and registers them with `runtime` (the current one by default). Under
    /// simulation each end knows the other, so that closing one is settled: the close
    /// returns only once the other end sees the end of stream. The kernel usually shows it
    /// at once, but not while another reference to the closed socket lives on, such as the
    /// copy of every descriptor a child process holds between `fork` and `exec` (a test
    /// spawning a process): the simulation must not see a different set of ready
    /// descriptors then. Live, the ends are independent and a close costs nothing more.
    /// A call on either end may change what both are ready for, and nothing else does
    /// (see `changesOnlyThroughCalls` in ``init(adopting:label:runtime:channel:changesOnlyThroughCalls:)``).
    /// The pair is taken as `socketpair` makes it, with nothing written to either end yet:
    /// under simulation both ends are then known to be writable and not readable, until the
    /// first call on either (debug builds check this against the kernel).
    public static func adoptingPair(
        _ first: (rawValue: Int32, label: String), _ second: (rawValue: Int32, label: String), runtime: (any Runtime)? = nil
    ) -> (LabFileDescriptor, LabFileDescriptor) {
        adoptingPair(first, second, runtime: runtime ?? currentRuntime(), inUserSpace: nil)
    }

    /// A new connected, non-blocking, close-on-exec `AF_UNIX` stream pair whose ends are
    /// called `first` and `second`, owned by `runtime` (the current one by default): the
    /// simulated stand-in for a TCP connection. Live, it is `socketpair` adopted by
    /// ``adoptingPair(_:_:runtime:)``. Under simulation every call on either end is made by a
    /// lab thread, so the pair's bytes, closes and pending errors live in user space
    /// (`UserSpaceSocketPair`): `NetSim`'s sends and receives (``sendInUserSpace(_:)``,
    /// ``receiveInUserSpace(into:then:)``, ``takePendingErrorInUserSpace()``), a close, and a
    /// port set asking what an end is ready for make no system call, and the close of one end
    /// shows the other the end of stream at once. The kernel's pair comes from a pool
    /// (`SocketPairPool`), which it goes back to once both ends are closed, unless someone
    /// took ``rawValue`` of an end (or a send went beyond the user-space capacity): the pair
    /// then moves into the kernel with its exact state and is an ordinary adopted pair from
    /// then on. Throws when no descriptor is left (`EMFILE`, `ENFILE`).
    public static func socketPair(
        _ first: String, _ second: String, runtime: (any Runtime)? = nil
    ) throws(SystemCallError) -> (LabFileDescriptor, LabFileDescriptor) {
        let runtime = runtime ?? currentRuntime()
        if runtime.flavor == .simulated {
            guard let idle = SocketPairPool.take() else { throw SystemCallError("socketpair") }
            let fds = idle.descriptors
            let pair = UserSpaceSocketPair(idle, labels: (first, second))
            return adoptingPair((fds.0, first), (fds.1, second), runtime: runtime, inUserSpace: pair)
        }
        guard let fds = SocketPairPool.makePair() else { throw SystemCallError("socketpair") }
        return adoptingPair((fds.0, first), (fds.1, second), runtime: runtime, inUserSpace: nil)
    }

    /// ``adoptingPair(_:_:runtime:)``, its state in `inUserSpace` if not `nil`.
    private static func adoptingPair(
        _ first: (rawValue: Int32, label: String), _ second: (rawValue: Int32, label: String), runtime: any Runtime,
        inUserSpace: UserSpaceSocketPair?
    ) -> (LabFileDescriptor, LabFileDescriptor) {
        let activity = DescriptorActivity(of: runtime)
        activity?.know(readable: false)
        let firstEnd = LabFileDescriptor(
            adopting: first.rawValue, name: LabName(first.label), runtime: runtime, channel: nil, activity: activity,
            userSpacePair: inUserSpace.map { ($0, 0) })
        let pair = (
            firstEnd,
            LabFileDescriptor(
                adopting: second.rawValue, name: LabName(second.label), runtime: runtime, channel: firstEnd.channel, activity: activity,
                userSpacePair: inUserSpace.map { ($0, 1) })
        )
        if runtime.flavor == .simulated {
            pair.0.state.withLock { $0.peer = pair.1 }
            pair.1.state.withLock { $0.peer = pair.0 }
        }
        return pair
    }

    /// The raw descriptor, or `nil` once closed. Whoever asks for it may change what the
    /// descriptor is ready for, so under simulation asking is counted as such a call (see
    /// `changesOnlyThroughCalls` in ``init(adopting:label:runtime:channel:changesOnlyThroughCalls:)``).
    /// A simulated eventfd's counter moves into the kernel's first, where the caller's calls
    /// can see it, and a socket pair in user space moves into the kernel
    /// (``socketPair(_:_:runtime:)``), ending the run if the kernel does not take it.
    public var rawValue: Int32? {
        activity?.note()
        if let userSpacePair, isOpen {
            do throws(SystemCallError) { try userSpacePair.pair.moveIntoKernel() } catch { currentRuntime().fail(error) }
        }
        guard isPooled else { return observedRawValue }
        return state.withLock { state in
            guard let fd = observedRawValue else { return nil }
            if let counter = state.userSpaceCounter {
                state.userSpaceCounter = nil
                if counter > 0 { _ = eventfd_write(fd, counter) }
            }
            return fd
        }
    }

    /// The raw descriptor, or `nil` once closed, for a caller that only asks what it is
    /// ready for (a simulated port set's `poll`), which changes nothing.
    var observedRawValue: Int32? {
        let fd = number.load(ordering: .acquiring)
        return fd >= 0 ? fd : nil
    }

    /// Whether ``close()`` has not run yet.
    private var isOpen: Bool { number.load(ordering: .acquiring) >= 0 }

    /// Whether ``close()`` has run.
    public var isClosed: Bool { !isOpen }

    /// Closes the descriptor if it is still open; later calls do nothing. The close of one
    /// end of a simulated socket pair returns once the other end, if still open, sees the
    /// end of stream (``adoptingPair(_:_:runtime:)``), at once for a pair still in user space,
    /// whose kernel pair goes back to its pool when both ends are closed
    /// (``socketPair(_:_:runtime:)``); a simulated run's eventfd goes back
    /// to its pool instead (``eventFD(label:runtime:)``), reset unless its kernel counter is
    /// known to be 0 already (as it is while the counter lives in user space). A close touches the ``channel``.
    public func close() {
        noteAccess()
        let (fd, peer, isInUserSpace) = state.withLock { state -> (Int32, LabFileDescriptor?, Bool) in
            defer { state.peer = nil }
            return (number.exchange(-1, ordering: .acquiringAndReleasing), state.peer, state.userSpaceCounter != nil)
        }
        guard fd >= 0 else { return }
        let isReset = isInUserSpace || activity?.knownReadable == false
        activity?.note()
        if isPooled { return EventFDPool.giveBack(fd, isReset: isReset) }
        if let userSpacePair {
            switch userSpacePair.pair.close(userSpacePair.end) {
            case .closed: return
            case let .bothClosed(idle): return SocketPairPool.giveBack(idle)
            case .inKernel: break
            }
        }
        _ = Glibc.close(fd)
        if let peer { CloseSettling.awaitEndOfStream(at: peer, closed: label) }
    }

    deinit { close() }
}

/// A system call that failed, with the call's name and `errno`.
public struct SystemCallError: Error, Equatable, CustomStringConvertible {
    /// The name of the failing call, e.g. `"eventfd"`.
    public let call: String
    /// The `errno` it left.
    public let errno: Int32

    /// Captures `errno` for `call`.
    public init(_ call: String, errno: Int32 = csystem_errno()) {
        self.call = call
        self.errno = errno
    }

    /// The symbolic name of ``errno``, such as `"EMFILE"`, or `"errno 24"` for an unknown one.
    public var errnoName: String {
        csystem_errno_name(errno).map { String(cString: $0) } ?? "errno \(errno)"
    }

    /// Whether the call failed for want of descriptors: the process's limit (`EMFILE`) or
    /// the system's (`ENFILE`).
    public var isDescriptorExhaustion: Bool { errno == EMFILE || errno == ENFILE }

    public var description: String {
        "\(call) failed: \(String(cString: strerror(errno))) (\(errnoName))"
    }

    /// The description, with what to do about it when the descriptors ran out.
    public var explanation: String {
        description + (isDescriptorExhaustion ? " (raise the descriptor limit, e.g. `ulimit -n`, or run fewer jobs)" : "")
    }

    /// Ends the process with this error on standard error and exit status 71 (`EX_OSERR`),
    /// without a signal: for a descriptor a live lab thread cannot work without (a run
    /// loop's wake port, a port set's epoll instance) where no caller can be told. CF
    /// `CRASH`es in the same place (`__CFRunLoopCreate`); this names the cause, e.g.
    /// `EMFILE`, in every build. Under a simulation, ``Runtime/fail(_:)`` ends the run instead.
    public func exitProcess() -> Never {
        let message = Array("runloop-lab: \(explanation)\n".utf8)
        _ = message.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
        _exit(71)
    }
}
