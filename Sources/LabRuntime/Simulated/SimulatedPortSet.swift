import CSystem
import Glibc
import Synchronization

/// A ``PortSet`` under simulation: the members are real descriptors, checked without
/// blocking (`poll` with a zero timeout), so a thread waiting on them is runnable exactly
/// when one is readable or its deadline has come in virtual time.
final class SimulatedPortSet: PortSet {
    let id: Int
    private unowned let simulation: Simulation
    private let members = Mutex<[LabFileDescriptor]>([])

    init(id: Int, simulation: Simulation) {
        self.id = id
        self.simulation = simulation
    }

    func insert(_ descriptor: LabFileDescriptor) throws(SystemCallError) {
        guard let fd = descriptor.rawValue, csystem_fcntl_getfd(fd) >= 0 else {
            throw SystemCallError("port set insert (\(descriptor.label))", errno: EBADF)
        }
        members.withLock { members in
            if !members.contains(where: { $0 === descriptor }) { members.append(descriptor) }
        }
    }

    func remove(_ descriptor: LabFileDescriptor) {
        members.withLock { $0.removeAll { $0 === descriptor } }
    }

    func close() { members.withLock { $0.removeAll() } }

    func wait(until deadline: LabInstant?) -> PortSetWaitResult {
        simulation.wait(on: self, until: deadline)
    }

    /// The first member, in insertion order, that is readable (or hung up) right now.
    func firstReadyMember() -> LabFileDescriptor? {
        let snapshot = members.withLock { $0 }
        var polled = snapshot.compactMap { member in
            member.rawValue.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        }
        guard !polled.isEmpty, poll(&polled, nfds_t(polled.count), 0) > 0 else { return nil }
        let readable = Int16(POLLIN) | Int16(POLLHUP) | Int16(POLLERR)
        guard let ready = polled.first(where: { $0.revents & readable != 0 }) else { return nil }
        return snapshot.first { $0.rawValue == ready.fd }
    }
}
