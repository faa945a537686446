import CSystem
import Glibc
import Synchronization

/// A ``PortSet`` under simulation: the members are real descriptors, checked without
/// blocking (`poll` with a zero timeout), so a thread waiting on them is runnable exactly
/// when one is readable or its deadline has come in virtual time. What the poll sees must
/// not depend on the kernel's timing: eventfds, pipes and socket pairs show written data
/// within the writing call, and the close of a socket-pair end is settled before the
/// closing thread goes on (``CloseSettling``). Changing the members touches the set, and a
/// wait touches the set and every member's channel (``VisibleObject``).
final class SimulatedPortSet: PortSet {
    let id: Int
    private unowned let simulation: Simulation
    private let members = Mutex<[(descriptor: LabFileDescriptor, interest: Readiness)]>([])

    init(id: Int, simulation: Simulation) {
        self.id = id
        self.simulation = simulation
    }

    func insert(_ descriptor: LabFileDescriptor, interest: Readiness) throws(SystemCallError) {
        guard let fd = descriptor.rawValue, csystem_fcntl_getfd(fd) >= 0 else {
            throw SystemCallError("port set insert (\(descriptor.label))", errno: EBADF)
        }
        simulation.noteAccess(.portSet(id))
        members.withLock { members in
            if let known = members.firstIndex(where: { $0.descriptor === descriptor }) {
                members[known].interest = interest
            } else {
                members.append((descriptor, interest))
            }
        }
    }

    func remove(_ descriptor: LabFileDescriptor) {
        simulation.noteAccess(.portSet(id))
        members.withLock { $0.removeAll { $0.descriptor === descriptor } }
    }

    func close() {
        simulation.noteAccess(.portSet(id))
        members.withLock { $0.removeAll() }
    }

    /// The channels of the members: what a wait on the set reads (``VisibleObject/channel(_:)``).
    func memberChannels() -> [VisibleObject] {
        members.withLock { members in members.map { .channel($0.descriptor.channel.id) } }
    }

    func wait(until deadline: LabInstant?) -> PortSetWaitResult {
        simulation.wait(on: self, until: deadline)
    }

    /// The first member, in insertion order, that has a readiness it is watched for right
    /// now (a hang-up or an error counts as both), and which.
    func firstReadyMember() -> (LabFileDescriptor, Readiness)? {
        let snapshot = members.withLock { $0 }
        var polled: [pollfd] = []
        var polledMembers: [(descriptor: LabFileDescriptor, interest: Readiness)] = []
        for member in snapshot {
            guard let fd = member.descriptor.rawValue else { continue }
            let events =
                (member.interest.contains(.readable) ? Int16(POLLIN) : 0) | (member.interest.contains(.writable) ? Int16(POLLOUT) : 0)
            polled.append(pollfd(fd: fd, events: events, revents: 0))
            polledMembers.append(member)
        }
        guard !polled.isEmpty, poll(&polled, nfds_t(polled.count), 0) > 0 else { return nil }
        for (index, entry) in polled.enumerated() where entry.revents & ~Int16(POLLNVAL) != 0 {
            let failed = entry.revents & (Int16(POLLHUP) | Int16(POLLERR)) != 0
            var fired: Readiness = []
            if failed || entry.revents & Int16(POLLIN) != 0 { fired.insert(.readable) }
            if failed || entry.revents & Int16(POLLOUT) != 0 { fired.insert(.writable) }
            let member = polledMembers[index]
            if !fired.intersection(member.interest).isEmpty { return (member.descriptor, fired.intersection(member.interest)) }
        }
        return nil
    }
}
