import LabRuntime

/// One mode of one loop (CF's `__CFRunLoopMode`): its sources, timers and observers, and
/// the port set the loop sleeps on while running it. Every port set holds the loop's wake
/// port, so a wake-up reaches the loop whatever mode it sleeps in.
struct ModeContents: Sendable {
    let mode: RunLoopMode
    let portSet: any PortSet
    /// Whether the loop reads its wake port back after the port set reports it (a
    /// level-triggered set); an edge-triggered one reports each write once, undrained.
    let drainsWakePort: Bool
    var sources0: [RunLoopSource] = []
    /// The port sources (CF's `_sources1`), in the order added.
    private var ports = OrderedItems<PortSource>()
    /// The same sources by descriptor, each list in the order added, once there are more than
    /// ``indexedAbove``: what a wake-up on a descriptor looks up, so that it costs the same
    /// with 20 sources or 2,000 (CF's `_portToV1SourceMap`). Until then a look through
    /// ``ports`` (in the order added too) finds the same sources in the same order, without
    /// hashing or allocating.
    private var portSourcesByDescriptor: IdentityTable<FirstInlineList<PortSource>>?
    /// How many port sources a mode holds before it indexes them by descriptor.
    private static let indexedAbove = 8
    /// Sorted by fire date; equal dates in the order they were added or re-positioned.
    private(set) var timers: [RunLoopTimer] = []
    /// The timers' identities, once there are more than ``indexedAbove``: whether a timer is
    /// here then costs one lookup instead of a look through them all. Only looked up.
    private var timerIdentities: IdentityTable<Void>?
    /// Sorted by ascending order; equal orders keep insertion order.
    var observers: [RunLoopObserver] = []

    /// An empty mode that sleeps on `portSet`, reading the wake port back after a wake-up
    /// when `drainsWakePort`.
    init(mode: RunLoopMode, portSet: any PortSet, drainsWakePort: Bool) {
        self.mode = mode
        self.portSet = portSet
        self.drainsWakePort = drainsWakePort
    }

    /// Whether nothing here would keep a run going (observers do not count).
    var hasNoSourcesOrTimers: Bool { sources0.isEmpty && ports.isEmpty && timers.isEmpty }

    /// The port sources, in the order added.
    var portSources: [PortSource] { ports.elements }

    func contains(_ item: RunLoopItem) -> Bool {
        switch item {
        case let .source0(source): sources0.index(ofIdentical: source) != nil
        case let .port(source): ports.contains(source)
        case let .timer(timer):
            if let timerIdentities {
                timerIdentities[ObjectIdentifier(timer)] != nil
            } else {
                timers.index(ofIdentical: timer) != nil
            }
        case let .observer(observer): observers.index(ofIdentical: observer) != nil
        }
    }

    /// The first source here on `descriptor` that waits for some of `readiness`. Inlined, so
    /// that the loop asks its mode in place instead of copying it.
    @inline(__always)
    func portSource(on descriptor: LabFileDescriptor, readiness: Readiness) -> PortSource? {
        if let index = portSourcesByDescriptor {
            return index[ObjectIdentifier(descriptor)]?.first { !$0.interest.isDisjoint(with: readiness) }
        }
        return ports.first { $0.descriptor === descriptor && !$0.interest.isDisjoint(with: readiness) }
    }

    /// Removes every source, timer and observer (the port sources stay watched; the loop is
    /// torn down).
    mutating func removeAll() {
        sources0 = []
        ports.removeAll()
        portSourcesByDescriptor = nil
        timers = []
        timerIdentities = nil
        observers = []
    }

    /// Watches `descriptor` for everything its sources here want, or stops watching it; the
    /// index, when there is one, has just told what they want.
    private func watch(_ descriptor: LabFileDescriptor, indexed: Readiness?) {
        var interest = Readiness()
        if let indexed {
            interest = indexed
        } else {
            ports.forEach { if $0.descriptor === descriptor { interest.formUnion($0.interest) } }
        }
        if interest.isEmpty { portSet.remove(descriptor) } else { try? portSet.insert(descriptor, interest: interest) }
    }

    /// Adds `item`; false if it was already here.
    mutating func insert(_ item: RunLoopItem) -> Bool {
        switch item {
        case let .port(source):
            guard ports.append(source) else { return false }
            if portSourcesByDescriptor == nil, ports.count > Self.indexedAbove {
                portSourcesByDescriptor = IdentityTable(capacity: ports.count)
                for earlier in ports.elements.dropLast() { _ = addToIndex(earlier) }
            }
            let indexed = addToIndex(source)
            watch(source.descriptor, indexed: indexed)
            return true
        case let .source0(source):
            guard sources0.index(ofIdentical: source) == nil else { return false }
            sources0.append(source)
        case let .timer(timer):
            if timerIdentities != nil {
                guard timerIdentities?.insert((), forKey: ObjectIdentifier(timer)) == true else { return false }
            } else {
                guard timers.index(ofIdentical: timer) == nil else { return false }
            }
            // Most timers are due after every other (a timeout set now): appending spares the
            // general insertion's shuffling.
            let index = timerInsertionIndex(for: timer.dueDate)
            if index == timers.count { timers.append(timer) } else { timers.insert(timer, at: index) }
            if timerIdentities == nil, timers.count > Self.indexedAbove {
                var identities = IdentityTable<Void>(capacity: timers.count * 2)
                for timer in timers { _ = identities.insert((), forKey: ObjectIdentifier(timer)) }
                timerIdentities = identities
            }
        case let .observer(observer):
            guard observers.index(ofIdentical: observer) == nil else { return false }
            let index = observers.lastIndex { $0.order <= observer.order }.map { $0 + 1 } ?? 0
            observers.insert(observer, at: index)
        }
        return true
    }

    /// CF's binary insertion into the sorted timers: after every timer due at or before
    /// `date`. Among more than ``indexedAbove`` timers the last is looked at first, since
    /// most timers are due after every other: each look reads a timer's date under its
    /// lock, and a new timeout among a network thread's 64 took seven.
    private func timerInsertionIndex(for date: LabInstant) -> Int {
        if timers.count > Self.indexedAbove, let last = timers.last, last.dueDate <= date { return timers.count }
        var low = 0
        var high = timers.count
        while low < high {
            let middle = (low + high) / 2
            if timers[middle].dueDate <= date { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Removes `item`; false if it was not here.
    mutating func remove(_ item: RunLoopItem) -> Bool {
        switch item {
        case let .source0(source): return sources0.removeIdentical(source)
        case let .port(source):
            guard ports.remove(source) else { return false }
            let indexed = removeFromIndex(source)
            watch(source.descriptor, indexed: indexed)
            return true
        case let .timer(timer):
            if timerIdentities != nil {
                guard timerIdentities?.removeValue(forKey: ObjectIdentifier(timer)) != nil else { return false }
            }
            return timers.removeIdentical(timer)
        case let .observer(observer): return observers.removeIdentical(observer)
        }
    }

    /// Adds `source` at the end of its descriptor's list in the index, if there is one, and
    /// returns what the descriptor's sources here now wait for.
    private mutating func addToIndex(_ source: PortSource) -> Readiness? {
        guard portSourcesByDescriptor != nil else { return nil }
        let key = ObjectIdentifier(source.descriptor)
        let joined = portSourcesByDescriptor?.modifyValue(forKey: key) { list in
            list.append(source)
            return Self.interest(of: list)
        }
        if let joined { return joined }
        var list = FirstInlineList<PortSource>()
        list.append(source)
        _ = portSourcesByDescriptor?.insert(list, forKey: key)
        return source.interest
    }

    /// Takes `source` out of its descriptor's list in the index, if there is one, and the list
    /// out once empty; returns what the descriptor's sources here still wait for.
    private mutating func removeFromIndex(_ source: PortSource) -> Readiness? {
        guard portSourcesByDescriptor != nil else { return nil }
        let key = ObjectIdentifier(source.descriptor)
        guard var list = portSourcesByDescriptor?.removeValue(forKey: key) else { return Readiness() }
        guard list.hasMoreThanOne else { return Readiness() }
        _ = list.removeIdentical(source)
        _ = portSourcesByDescriptor?.insert(list, forKey: key)
        return Self.interest(of: list)
    }

    /// Everything the sources of one descriptor's list wait for.
    private static func interest(of list: FirstInlineList<PortSource>) -> Readiness {
        var interest = Readiness()
        list.forEach { interest.formUnion($0.interest) }
        return interest
    }
}
