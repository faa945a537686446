import CSystem
import Glibc
import Synchronization

/// A ``PortSet`` on an epoll instance, level-triggered, reporting one ready descriptor per
/// wait as CF does.
///
/// Level-triggered rather than CF's edge-triggered registration, so that a port that was
/// not fully drained is reported again instead of stranding its bytes (spec §3.2); only the
/// loop's wake port, which is never read back, is edge-triggered (``insertWakePort(_:)``). Members
/// are indexed by descriptor number, so finding the member behind a ready event costs the
/// same with 2 members or 2,000.
///
/// One `epoll_wait` takes up to ``batchSize`` ready events, and the waits that follow hand
/// them out one at a time before asking the kernel again, so a busy loop makes one system
/// call for many passes while each pass still handles one descriptor. An event handed out
/// later is checked against the members then: one whose descriptor has left the set, been
/// closed, or stopped watching for what fired is dropped, and removing or replacing a
/// member drops its events. So a handed-out event may be older than the pass (the callout
/// then finds nothing to read, as a socket source may after any wake-up), but never for a
/// descriptor the set no longer watches.
///
/// A TCP socket joins epoll only when its loop is about to block: until then a look that
/// must not block `poll`s the sockets not in epoll yet together with the epoll descriptor.
/// A busy loop that opens, reads and closes a connection between two blocks (AFNetworking's
/// network thread) so makes no `epoll_ctl` for it, and its close removes no epoll entry;
/// a blocking wait is always one `epoll_wait`, and a socket added while the loop blocks
/// joins epoll at once.
final class LivePortSet: PortSet {
    /// The most ready events one `epoll_wait` takes.
    static let batchSize = 32
    /// The most sockets kept out of epoll at once; later ones join it at once, so that a
    /// look's `poll` stays short.
    static let unwatchedLimit = 127

    let id: Int
    private unowned let runtime: LiveRuntime
    private let epoll: LabFileDescriptor

    private struct Member {
        let descriptor: LabFileDescriptor
        var interest: Readiness
        /// Whether it is in ``Members/unwatched``, which `poll` watches, rather than in epoll.
        var isUnwatched = false
    }
    /// Members by descriptor number, in an array indexed by the number: the kernel hands out
    /// the lowest free number, so the numbers stay small and dense, and finding a member
    /// costs an index instead of a hash. Only lookups, never iteration.
    private struct MembersByNumber {
        private var slots: [Member?] = []

        subscript(fd: Int32) -> Member? {
            get { fd >= 0 && Int(fd) < slots.count ? slots[Int(fd)] : nil }
            set {
                guard fd >= 0 else { return }
                let index = Int(fd)
                if index >= slots.count {
                    guard newValue != nil else { return }
                    slots.append(contentsOf: repeatElement(nil, count: index + 1 - slots.count))
                }
                slots[index] = newValue
            }
        }
    }
    /// The members, and the sockets among them that epoll does not watch yet.
    private struct Members {
        /// The members by descriptor number.
        var byNumber = MembersByNumber()
        /// The sockets added since the loop last blocked, as `poll` takes them.
        var unwatched: [pollfd] = []
        /// Whether the owner is in a blocking `epoll_wait`, which sockets added meanwhile
        /// must join at once to be seen.
        var isBlocking = false

        /// Takes descriptor number `fd` out of ``unwatched``, moving the last one into its
        /// place. A scan of at most ``LivePortSet/unwatchedLimit`` numbers, which costs less
        /// than keeping each one's place in ``byNumber``.
        mutating func forget(_ fd: Int32) {
            guard let slot = unwatched.firstIndex(where: { $0.fd == fd }) else { return }
            let last = unwatched.removeLast()
            if slot < unwatched.count { unwatched[slot] = last }
        }
    }
    private let members = Mutex<Members>(Members())

    /// A ready event from `epoll_wait`: the descriptor number and what fired.
    private struct ReadyEvent {
        let fd: Int32
        let fired: Readiness
    }
    /// The events of the last `epoll_wait` not handed out yet, oldest first: `slots[next..<end]`.
    /// The slots stay allocated and are overwritten by the next wait's events.
    private struct ReadyEvents {
        var slots: [ReadyEvent] = []
        var next = 0
        var end = 0

        mutating func take() -> ReadyEvent? {
            guard next < end else { return nil }
            defer { next += 1 }
            return slots[next]
        }

        /// Forgets the events of descriptor number `fd` not handed out yet.
        mutating func drop(_ fd: Int32) {
            guard slots[next..<end].contains(where: { $0.fd == fd }) else { return }
            let kept = slots[next..<end].filter { $0.fd != fd }
            next = 0
            end = 0
            for event in kept { put(event) }
        }

        /// Replaces the events with `count` new ones from `buffer`, all not handed out.
        mutating func refill(from buffer: UnsafeMutableBufferPointer<epoll_event>, count: Int) {
            next = 0
            end = 0
            for event in buffer[..<count] {
                let failed = event.events & (EPOLLHUP.rawValue | EPOLLERR.rawValue) != 0
                var fired: Readiness = []
                if failed || event.events & EPOLLIN.rawValue != 0 { fired.insert(.readable) }
                if failed || event.events & EPOLLOUT.rawValue != 0 { fired.insert(.writable) }
                put(ReadyEvent(fd: event.data.fd, fired: fired))
            }
        }

        /// Replaces the events with the sockets that `poll` found ready in `polled`.
        mutating func refill(polled: UnsafeMutableBufferPointer<pollfd>) {
            next = 0
            end = 0
            add(polled: polled)
        }

        /// Adds the sockets that `poll` found ready in `polled` to the events.
        mutating func add(polled: UnsafeMutableBufferPointer<pollfd>) {
            for entry in polled where entry.revents != 0 {
                let failed = Int32(entry.revents) & (POLLHUP | POLLERR | POLLNVAL) != 0
                var fired: Readiness = []
                if failed || Int32(entry.revents) & POLLIN != 0 { fired.insert(.readable) }
                if failed || Int32(entry.revents) & POLLOUT != 0 { fired.insert(.writable) }
                put(ReadyEvent(fd: entry.fd, fired: fired))
            }
        }

        /// Appends `event` to the events not handed out, in a slot already allocated if any.
        private mutating func put(_ event: ReadyEvent) {
            if end < slots.count { slots[end] = event } else { slots.append(event) }
            end += 1
        }
    }
    private let ready = Mutex<ReadyEvents>(ReadyEvents())

    init(id: Int, name: String, runtime: LiveRuntime) {
        self.id = id
        self.runtime = runtime
        let fd = epoll_create1(Int32(EPOLL_CLOEXEC))
        epoll =
            fd < 0
            ? LabFileDescriptor(failed: SystemCallError("epoll_create1"), label: "port set \(name)")
            : LabFileDescriptor(adopting: fd, label: "port set \(name)", runtime: runtime)
    }

    /// Set when `epoll_create1` failed (`EMFILE`): inserting throws it, and the loop that
    /// owns the set throws it instead of waiting.
    var creationError: SystemCallError? { epoll.creationError }

    func insert(_ descriptor: LabFileDescriptor, interest: Readiness) throws(SystemCallError) {
        try register(descriptor, interest: interest, flags: 0)
    }

    /// Edge-triggered, as CF registers its ports: every `eventfd_write` raises a new edge
    /// (the kernel wakes the eventfd's waiters on each write), so the loop is woken once per
    /// write and never has to read the counter back, which saves a `read` per wake-up. The
    /// counter only grows; it would take 2^64 wake-ups to fill it.
    func insertWakePort(_ descriptor: LabFileDescriptor) throws(SystemCallError) -> Bool {
        try register(descriptor, interest: .readable, flags: EPOLLET.rawValue)
        return false
    }

    private func register(_ descriptor: LabFileDescriptor, interest: Readiness, flags: UInt32) throws(SystemCallError) {
        guard let fd = descriptor.rawValue, let epfd = epoll.rawValue else {
            throw descriptor.creationError ?? epoll.creationError ?? SystemCallError("epoll_ctl", errno: EBADF)
        }
        try members.withLock { members throws(SystemCallError) in
            // A member under the same number but another descriptor was closed, and epoll
            // dropped it then: the number is new to epoll.
            let known = members.byNumber[fd]?.descriptor === descriptor
            if members.byNumber[fd]?.isUnwatched == true {
                if known, let slot = members.unwatched.firstIndex(where: { $0.fd == fd }) {
                    members.unwatched[slot].events = Self.pollEvents(interest)
                    members.byNumber[fd] = Member(descriptor: descriptor, interest: interest, isUnwatched: true)
                    return
                }
                members.forget(fd)
            }
            // Events taken for an earlier descriptor under this number are not this one's.
            if !known { ready.withLock { $0.drop(fd) } }
            if !known, flags == 0, descriptor.channel == LabFileDescriptor.network, !members.isBlocking,
                members.unwatched.count < Self.unwatchedLimit
            {
                members.unwatched.append(pollfd(fd: fd, events: Self.pollEvents(interest), revents: 0))
                members.byNumber[fd] = Member(descriptor: descriptor, interest: interest, isUnwatched: true)
                return
            }
            var event = Self.epollEvent(fd, interest: interest, flags: flags)
            if epoll_ctl(epfd, known ? EPOLL_CTL_MOD : EPOLL_CTL_ADD, fd, &event) != 0 {
                throw SystemCallError("epoll_ctl(\(descriptor.label))")
            }
            members.byNumber[fd] = Member(descriptor: descriptor, interest: interest)
        }
    }

    /// The epoll registration of `fd` for `interest`, with `flags` (`EPOLLET`) added.
    private static func epollEvent(_ fd: Int32, interest: Readiness, flags: UInt32) -> epoll_event {
        var event = epoll_event()
        event.events =
            (interest.contains(.readable) ? EPOLLIN.rawValue : 0) | (interest.contains(.writable) ? EPOLLOUT.rawValue : 0) | flags
        event.data.fd = fd
        return event
    }

    /// The `poll` events that stand for `interest`.
    private static func pollEvents(_ interest: Readiness) -> Int16 {
        Int16((interest.contains(.readable) ? POLLIN : 0) | (interest.contains(.writable) ? POLLOUT : 0))
    }

    /// Removes `descriptor`, also once it is closed: a socket that never joined epoll leaves
    /// the sockets that `poll` watches, and one that did leaves epoll unless its close took
    /// it out already.
    func remove(_ descriptor: LabFileDescriptor) {
        let fd = descriptor.adoptedNumber
        guard fd >= 0 else { return }
        members.withLock { members in
            guard let member = members.byNumber[fd], member.descriptor === descriptor else { return }
            ready.withLock { $0.drop(fd) }
            if member.isUnwatched {
                members.forget(fd)
                members.byNumber[fd] = nil
                return
            }
            members.byNumber[fd] = nil
            if descriptor.observedRawValue != nil, let epfd = epoll.rawValue {
                var event = epoll_event()
                _ = epoll_ctl(epfd, EPOLL_CTL_DEL, fd, &event)
            }
        }
    }

    /// Closes the epoll instance and lets go of the members, as the simulated set does: a
    /// port that only the set still held (a torn-down loop's keep-alive port) is then closed.
    func close() {
        epoll.close()
        members.withLock { $0 = Members() }
    }

    func wait(until deadline: LabInstant?) -> PortSetWaitResult {
        guard let epfd = epoll.rawValue else { return .timedOut }
        if let taken = takeReady() { return taken }
        while true {
            var timeout: Int32 = -1
            if let deadline {
                let remaining = deadline.nanoseconds - runtime.now().nanoseconds
                // A deadline already passed still polls the ports once, as CF's poll pass does.
                timeout = remaining <= 0 ? 0 : Int32(clamping: (remaining + 999_999) / 1_000_000)
            }
            // A thread holding wake-ups writes them only if it is about to block: it looks
            // first, and sleeps only when nothing is ready.
            let holds = timeout != 0 && LabThread.callerHoldsWakeUps
            var count = collect(epfd, timeout: holds ? 0 : timeout)
            if holds, count == 0 {
                LabThread.ringCallersHeldWakeUps()
                count = collect(epfd, timeout: timeout)
            }
            if count < 0 {
                precondition(csystem_errno() == EINTR, "\(SystemCallError("epoll_wait"))")
                continue
            }
            if let taken = takeReady() { return taken }
            if timeout == 0 { return .timedOut }
        }
    }

    /// One `epoll_wait` of at most `timeout` milliseconds (−1: none), whose events it keeps
    /// to hand out; returns its result. A wait that may block first hands epoll the sockets
    /// it does not watch yet; a look that must not (`timeout` 0) `poll`s them instead, with
    /// the epoll descriptor, and takes epoll's events only when it has some.
    private func collect(_ epfd: Int32, timeout: Int32) -> Int32 {
        if timeout != 0 {
            members.withLock { members in
                watchUnwatched(&members, epfd)
                members.isBlocking = true
            }
            defer { members.withLock { $0.isBlocking = false } }
            return collectEpoll(epfd, timeout: timeout)
        }
        return withUnsafeTemporaryAllocation(of: pollfd.self, capacity: Self.unwatchedLimit + 1) { buffer in
            let count = members.withLock { members in
                for (index, entry) in members.unwatched.enumerated() { buffer[index] = entry }
                return members.unwatched.count
            }
            guard count > 0 else { return collectEpoll(epfd, timeout: 0) }
            buffer[count] = pollfd(fd: epfd, events: Int16(POLLIN), revents: 0)
            let found = poll(buffer.baseAddress, nfds_t(count + 1), 0)
            guard found > 0 else { return found }
            let polled = UnsafeMutableBufferPointer(rebasing: buffer[..<count])
            guard buffer[count].revents != 0 else {
                ready.withLock { $0.refill(polled: polled) }
                return found
            }
            let fromEpoll = collectEpoll(epfd, timeout: 0)
            ready.withLock { $0.add(polled: polled) }
            return found - 1 + max(fromEpoll, 0)
        }
    }

    /// One `epoll_wait`, whose events replace those not handed out (there are none left
    /// when a wait asks).
    private func collectEpoll(_ epfd: Int32, timeout: Int32) -> Int32 {
        withUnsafeTemporaryAllocation(of: epoll_event.self, capacity: Self.batchSize) { buffer in
            let count = epoll_wait(epfd, buffer.baseAddress, Int32(buffer.count), timeout)
            ready.withLock { $0.refill(from: buffer, count: Int(max(count, 0))) }
            return count
        }
    }

    /// Hands epoll every socket it does not watch yet, before the loop blocks. One that
    /// epoll refuses (closed, or the kernel's limit on watches reached) is no longer
    /// watched, as an `insert` that failed.
    private func watchUnwatched(_ members: inout Members, _ epfd: Int32) {
        guard !members.unwatched.isEmpty else { return }
        for entry in members.unwatched {
            guard let member = members.byNumber[entry.fd] else { continue }
            guard member.descriptor.observedRawValue == entry.fd else {
                members.byNumber[entry.fd] = nil
                continue
            }
            var event = Self.epollEvent(entry.fd, interest: member.interest, flags: 0)
            let watched = epoll_ctl(epfd, EPOLL_CTL_ADD, entry.fd, &event) == 0
            members.byNumber[entry.fd] = watched ? Member(descriptor: member.descriptor, interest: member.interest) : nil
        }
        members.unwatched.removeAll(keepingCapacity: true)
    }

    /// Hands out the oldest event taken and not handed out whose descriptor is still a
    /// member watching for what fired, dropping those before it that are not.
    private func takeReady() -> PortSetWaitResult? {
        while let event = ready.withLock({ $0.take() }) {
            if let result = member(for: event) { return result }
        }
        return nil
    }

    /// The wait's answer for `event`, or nil when its descriptor is no longer a member
    /// watching for what fired. A socket that `poll` watches and that turned out closed
    /// (its number may be another file's by now) leaves `poll`'s list, as its close takes
    /// it out of epoll.
    private func member(for event: ReadyEvent) -> PortSetWaitResult? {
        members.withLock { members in
            guard let member = members.byNumber[event.fd] else { return nil }
            guard member.descriptor.observedRawValue == event.fd else {
                if member.isUnwatched {
                    members.forget(event.fd)
                    members.byNumber[event.fd] = nil
                }
                return nil
            }
            let fired = event.fired.intersection(member.interest)
            return fired.isEmpty ? nil : .ready(member.descriptor, fired)
        }
    }
}
