import CSystem
import Glibc
import Synchronization

/// A ``PortSet`` on an epoll instance, level-triggered, reporting one ready descriptor per
/// wait as CF does (`epoll_wait` with room for one event).
///
/// Level-triggered rather than CF's edge-triggered registration, so that a port that was
/// not fully drained is reported again instead of stranding its bytes (spec §3.2).
final class LivePortSet: PortSet {
    let id: Int
    private unowned let runtime: LiveRuntime
    private let epoll: LabFileDescriptor
    private let members = Mutex<[LabFileDescriptor]>([])

    init(id: Int, name: String, runtime: LiveRuntime) {
        self.id = id
        self.runtime = runtime
        let fd = epoll_create1(Int32(EPOLL_CLOEXEC))
        precondition(fd >= 0, "\(SystemCallError("epoll_create1"))")
        epoll = LabFileDescriptor(adopting: fd, label: "port set \(name)", runtime: runtime)
    }

    func insert(_ descriptor: LabFileDescriptor) throws(SystemCallError) {
        guard let fd = descriptor.rawValue, let epfd = epoll.rawValue else { throw SystemCallError("epoll_ctl", errno: EBADF) }
        var event = epoll_event()
        event.events = EPOLLIN.rawValue
        event.data.fd = fd
        if epoll_ctl(epfd, EPOLL_CTL_ADD, fd, &event) != 0 {
            let error = SystemCallError("epoll_ctl(ADD \(descriptor.label))")
            guard error.errno == EEXIST else { throw error }
        }
        members.withLock { members in
            if !members.contains(where: { $0 === descriptor }) { members.append(descriptor) }
        }
    }

    func remove(_ descriptor: LabFileDescriptor) {
        members.withLock { $0.removeAll { $0 === descriptor } }
        if let fd = descriptor.rawValue, let epfd = epoll.rawValue {
            var event = epoll_event()
            _ = epoll_ctl(epfd, EPOLL_CTL_DEL, fd, &event)
        }
    }

    func close() { epoll.close() }

    func wait(until deadline: LabInstant?) -> PortSetWaitResult {
        guard let epfd = epoll.rawValue else { return .timedOut }
        while true {
            var timeout: Int32 = -1
            if let deadline {
                let remaining = deadline.nanoseconds - runtime.now().nanoseconds
                if remaining <= 0 { return .timedOut }
                timeout = Int32(clamping: (remaining + 999_999) / 1_000_000)
            }
            var event = epoll_event()
            let count = epoll_wait(epfd, &event, 1, timeout)
            if count < 0 {
                precondition(csystem_errno() == EINTR, "\(SystemCallError("epoll_wait"))")
                continue
            }
            if count == 1 {
                let fd = event.data.fd
                if let member = members.withLock({ $0.first { $0.rawValue == fd } }) { return .ready(member) }
            }
        }
    }
}
