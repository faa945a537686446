import CSystem
import Glibc
import Synchronization

/// A ``PortSet`` on an epoll instance, level-triggered, reporting one ready descriptor per
/// wait as CF does (`epoll_wait` with room for one event).
///
/// Level-triggered rather than CF's edge-triggered registration, so that a port that was
/// not fully drained is reported again instead of stranding its bytes (spec §3.2); only the
/// loop's wake port, which is never read back, is edge-triggered (``insertWakePort(_:)``). Members
/// are indexed by descriptor number, so finding the member behind a ready event costs the
/// same with 2 members or 2,000.
final class LivePortSet: PortSet {
    let id: Int
    private unowned let runtime: LiveRuntime
    private let epoll: LabFileDescriptor

    private struct Member {
        let descriptor: LabFileDescriptor
        var interest: Readiness
    }
    /// The members by descriptor number; only lookups, never iteration.
    private let members = Mutex<[Int32: Member]>([:])

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
        var event = epoll_event()
        event.events =
            (interest.contains(.readable) ? EPOLLIN.rawValue : 0) | (interest.contains(.writable) ? EPOLLOUT.rawValue : 0) | flags
        event.data.fd = fd
        try members.withLock { members throws(SystemCallError) in
            // A member under the same number but another descriptor was closed, and epoll
            // dropped it then: the number is new to epoll.
            let known = members[fd]?.descriptor === descriptor
            if epoll_ctl(epfd, known ? EPOLL_CTL_MOD : EPOLL_CTL_ADD, fd, &event) != 0 {
                throw SystemCallError("epoll_ctl(\(descriptor.label))")
            }
            members[fd] = Member(descriptor: descriptor, interest: interest)
        }
    }

    func remove(_ descriptor: LabFileDescriptor) {
        guard let fd = descriptor.rawValue else { return }
        members.withLock { members in
            guard members[fd]?.descriptor === descriptor else { return }
            members[fd] = nil
            if let epfd = epoll.rawValue {
                var event = epoll_event()
                _ = epoll_ctl(epfd, EPOLL_CTL_DEL, fd, &event)
            }
        }
    }

    func close() { epoll.close() }

    func wait(until deadline: LabInstant?) -> PortSetWaitResult {
        guard let epfd = epoll.rawValue else { return .timedOut }
        while true {
            var timeout: Int32 = -1
            if let deadline {
                let remaining = deadline.nanoseconds - runtime.now().nanoseconds
                // A deadline already passed still polls the ports once, as CF's poll pass does.
                timeout = remaining <= 0 ? 0 : Int32(clamping: (remaining + 999_999) / 1_000_000)
            }
            var event = epoll_event()
            let count = epoll_wait(epfd, &event, 1, timeout)
            if count < 0 {
                precondition(csystem_errno() == EINTR, "\(SystemCallError("epoll_wait"))")
                continue
            }
            if count == 1 {
                let fd = event.data.fd
                let failed = event.events & (EPOLLHUP.rawValue | EPOLLERR.rawValue) != 0
                var fired: Readiness = []
                if failed || event.events & EPOLLIN.rawValue != 0 { fired.insert(.readable) }
                if failed || event.events & EPOLLOUT.rawValue != 0 { fired.insert(.writable) }
                if let member = members.withLock({ $0[fd] }), member.descriptor.rawValue == fd {
                    return .ready(member.descriptor, fired.intersection(member.interest))
                }
            }
            if timeout == 0 { return .timedOut }
        }
    }
}
