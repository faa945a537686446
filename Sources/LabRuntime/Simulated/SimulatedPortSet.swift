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
///
/// A member whose readiness changes only through calls on it (an eventfd, an end of a
/// socket pair: see ``LabFileDescriptor/activity``) is polled again only once such a call
/// has been made; until then its last answer stands, and most scheduling points make no
/// system call. An eventfd's own write or read says what it is ready for, so it is not
/// polled after those either, and a simulated run's eventfd, whose counter lives in user
/// space (``LabFileDescriptor/eventFD(label:runtime:)``), or end of a socket pair, whose bytes
/// do until someone takes its raw descriptor (``LabFileDescriptor/socketPair(_:_:runtime:)``),
/// is never polled. Debug builds poll every other member anyway and check that the answers
/// agree.
final class SimulatedPortSet: PortSet {
    /// A member, and what it was last seen ready for.
    private struct Member {
        let descriptor: LabFileDescriptor
        var interest: Readiness
        /// The `poll` events of the last answer, or `nil` if there is none to trust.
        var revents: Int16? = nil
        /// The member's ``DescriptorActivity`` count when `revents` was polled.
        var polledAt = 0

        /// The events `poll` is asked for.
        var events: Int16 {
            (interest.contains(.readable) ? Int16(POLLIN) : 0) | (interest.contains(.writable) ? Int16(POLLOUT) : 0)
        }

        /// The last answer, if nothing has been done with the descriptor since.
        var remembered: Int16? {
            guard let revents, let activity = descriptor.activity, activity.current == polledAt else { return nil }
            return revents
        }

        /// What `poll` would answer now, if the last call on the descriptor made it known
        /// (``DescriptorActivity/knownReadable``).
        var known: Int16? {
            descriptor.activity?.knownReadable.map(answer(readable:))
        }

        /// What `poll` would answer for an eventfd whose counter lives in user space, or an
        /// end of a socket pair that does (``LabFileDescriptor/userSpacePollEvents``), which
        /// the kernel cannot be asked about: what is watched for, and a hang-up or an error.
        var inUserSpace: Int16? {
            descriptor.userSpacePollEvents.map { $0 & (events | Int16(POLLHUP) | Int16(POLLERR)) }
        }

        /// The answer of `poll` for an eventfd that is readable or not, and writable.
        func answer(readable: Bool) -> Int16 {
            (readable ? Int16(POLLIN) | Int16(POLLOUT) : Int16(POLLOUT)) & events
        }

        /// What `revents` says the member is ready for, among what it is watched for (a
        /// hang-up or an error counts as both).
        func fired(_ revents: Int16) -> Readiness {
            guard revents & ~Int16(POLLNVAL) != 0 else { return [] }
            let failed = revents & (Int16(POLLHUP) | Int16(POLLERR)) != 0
            var fired: Readiness = []
            if failed || revents & Int16(POLLIN) != 0 { fired.insert(.readable) }
            if failed || revents & Int16(POLLOUT) != 0 { fired.insert(.writable) }
            return fired.intersection(interest)
        }
    }

    let id: Int
    /// The label of a wait's scheduling point, `"wait P2"`, made once rather than at every
    /// choice.
    let waitLabel: SchedulingPointLabel
    /// Not retained, and borrowed at each use: the set is used by the simulation's lab
    /// threads (a run loop's teardown included, an exit handler of its thread), each of which
    /// holds the simulation (``LabThread/runtime``) while it runs; an `unowned` reference
    /// would count a strong reference in and out at every wait.
    private let simulation: Unmanaged<Simulation>
    /// The simulation's ``Simulation/descriptorActivity``, which every change of the members
    /// counts, held here so that a change does not reach it through `simulation`.
    private let activity: DescriptorActivity.Total
    /// Whether the simulation's strategy observes accesses (``Runtime/observesAccesses``),
    /// which a change of the members then is.
    private let observesAccesses: Bool
    private let members: Mutex<[Member]>
    /// Room reserved for the members when the set is made: a run loop's wake port and a few
    /// sources, added one by one without growing the array.
    private static let reservedMembers = 4

    init(id: Int, simulation: Simulation) {
        self.id = id
        // The text is kept by the pthread (`LabName`), since each run makes the same.
        waitLabel = SchedulingPointLabel(LabName("wait P", id).text)
        self.simulation = .passUnretained(simulation)
        var reserved: [Member] = []
        reserved.reserveCapacity(Self.reservedMembers)
        members = Mutex(reserved)
        activity = simulation.descriptorActivity
        observesAccesses = simulation.observesAccesses
    }

    /// Notes a change of the members: an access to the set, and a count of the run's
    /// descriptor activity.
    private func noteChange() {
        if observesAccesses { simulation._withUnsafeGuaranteedRef { $0.noteAccess(.portSet(id)) } }
        activity.note()
    }

    /// Throws `EBADF` for a closed descriptor, or one whose number is no longer open; the
    /// kernel is not asked about a descriptor whose calls are counted
    /// (``LabFileDescriptor/activity``), which the lab alone opens and closes.
    func insert(_ descriptor: LabFileDescriptor, interest: Readiness) throws(SystemCallError) {
        guard let fd = descriptor.observedRawValue, descriptor.activity != nil || csystem_fcntl_getfd(fd) >= 0 else {
            throw SystemCallError("port set insert (\(descriptor.label))", errno: EBADF)
        }
        noteChange()
        members.withLock { members in
            if let known = members.firstIndex(where: { $0.descriptor === descriptor }) {
                members[known].interest = interest
                members[known].revents = nil
            } else {
                members.append(Member(descriptor: descriptor, interest: interest))
            }
        }
    }

    func remove(_ descriptor: LabFileDescriptor) {
        noteChange()
        members.withLock { $0.removeAll { $0.descriptor === descriptor } }
    }

    func close() {
        noteChange()
        members.withLock { $0.removeAll() }
    }

    /// The channels of the members: what a wait on the set reads (``VisibleObject/channel(_:)``).
    func memberChannels() -> [VisibleObject] {
        members.withLock { members in members.map { .channel($0.descriptor.channel.id) } }
    }

    func wait(until deadline: LabInstant?) -> PortSetWaitResult {
        simulation._withUnsafeGuaranteedRef { $0.wait(on: self, until: deadline) }
    }

    /// The first member, in insertion order, that has a readiness it is watched for right
    /// now (a hang-up or an error counts as both), and which. Polls only the members whose
    /// last answer may be out of date, all in one call.
    func firstReadyMember() -> (LabFileDescriptor, Readiness)? {
        members.withLock { members in
            refreshChecked(&members).ready.map { (members[$0.index].descriptor, $0.fired) }
        }
    }

    /// Whether a member is ready (``firstReadyMember()`` is not `nil`), and whether the
    /// answer lasts until the simulation's ``DescriptorActivity/Total`` moves: whether every
    /// member's answer is remembered (which a member whose calls are not counted never is).
    /// What the simulation asks at every look at a waiting thread; it takes no reference to
    /// the member.
    func isReadyAndWhetherItLasts() -> (isReady: Bool, lasts: Bool) {
        members.withLock { members in
            let (ready, lasts) = refreshChecked(&members)
            return (ready != nil, lasts)
        }
    }

    /// ``refresh(_:trusting:)``, trusting what is remembered or known, which debug builds
    /// check against a poll of every member.
    private func refreshChecked(_ members: inout [Member]) -> (ready: (index: Int, fired: Readiness)?, lasts: Bool) {
        let answer = Self.refresh(&members, trusting: true)
        assert(
            Self.agrees(answer.ready.map { (members[$0.index].descriptor, $0.fired) }, Self.pollAll(members)),
            "port set P\(id): a remembered or known readiness is out of date")
        return answer
    }

    /// Brings the answers of `members` up to date and returns the first ready member, by
    /// index, and what it is ready for: with
    /// `trusting`, a member's answer is asked of the kernel only if it is neither remembered
    /// nor known; without, every member's is, but for an eventfd or socket pair that lives in
    /// user space, which is read there either way. When `poll` fails, the members it was asked
    /// about count as not ready, and are asked again next time. When every answer is
    /// remembered, as at most scheduling points, the members are only read. Also says
    /// whether every answer is remembered afterwards.
    private static func refresh(
        _ members: inout [Member], trusting: Bool
    ) -> (ready: (index: Int, fired: Readiness)?, lasts: Bool) {
        var lasts = true
        if !trusting || members.contains(where: { $0.remembered == nil }) {
            update(&members, trusting: trusting)
            lasts = members.allSatisfy { $0.remembered != nil }
        }
        for index in members.indices {
            let fired = members[index].fired(members[index].revents ?? 0)
            if !fired.isEmpty { return ((index, fired), lasts) }
        }
        return (nil, lasts)
    }

    /// Brings the answers of `members` up to date, as ``refresh(_:trusting:)`` says.
    private static func update(_ members: inout [Member], trusting: Bool) {
        withUnsafeTemporaryAllocation(of: pollfd.self, capacity: members.count) { entries in
            withUnsafeTemporaryAllocation(of: Int.self, capacity: members.count) { indices in
                var count = 0
                for index in members.indices where !trusting || members[index].remembered == nil {
                    members[index].polledAt = members[index].descriptor.activity?.current ?? 0
                    if trusting, let known = members[index].known {
                        members[index].revents = known
                        continue
                    }
                    if let answer = members[index].inUserSpace {
                        members[index].revents = answer
                        continue
                    }
                    guard let fd = members[index].descriptor.observedRawValue else {
                        members[index].revents = 0
                        continue
                    }
                    entries.initializeElement(at: count, to: pollfd(fd: fd, events: members[index].events, revents: 0))
                    indices.initializeElement(at: count, to: index)
                    count += 1
                }
                guard count > 0 else { return }
                let ready = poll(entries.baseAddress, nfds_t(count), 0)
                for slot in 0..<count { members[indices[slot]].revents = ready >= 0 ? entries[slot].revents : nil }
            }
        }
    }

    /// The first ready member as a poll of every member says now, remembering nothing.
    private static func pollAll(_ members: [Member]) -> (LabFileDescriptor, Readiness)? {
        var fresh = members
        return refresh(&fresh, trusting: false).ready.map { (fresh[$0.index].descriptor, $0.fired) }
    }

    /// Whether two answers name the same member and readiness.
    private static func agrees(_ first: (LabFileDescriptor, Readiness)?, _ second: (LabFileDescriptor, Readiness)?) -> Bool {
        first?.0 === second?.0 && first?.1 == second?.1
    }
}
