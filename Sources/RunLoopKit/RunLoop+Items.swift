import LabRuntime

extension RunLoop {
    /// Tags `mode` common (`CFRunLoopAddCommonMode`) and copies every item already added to
    /// ``RunLoopMode/common`` into it. There is no way to untag a mode. Like CF, the tag alone
    /// does not create the mode: only copying an item into it does.
    public func addCommonMode(_ mode: RunLoopMode) {
        precondition(mode != .common, "addCommonMode: kCFRunLoopCommonModes is the tag itself, not a mode")
        let scheduled = state.withLock { state -> [(RunLoopSource, RunLoopMode)] in
            guard !state.isTornDown, !state.commonModes.contains(mode) else { return [] }
            state.commonModes.append(mode)
            guard !state.commonItems.isEmpty else { return [] }
            let index = ensureMode(mode, in: &state)
            return state.commonItems.elements.compactMap { item in
                guard state.modes[index].insert(item), case let .source0(source) = item else { return nil }
                return (source, mode)
            }
        }
        for (source, mode) in scheduled { source.didSchedule(in: self, mode: mode) }
    }

    /// Adds a version-0 source to `mode` (`CFRunLoopAddSource`); its schedule callout runs
    /// once per mode it joins.
    public func add(_ source: RunLoopSource, forMode mode: RunLoopMode) {
        guard source.isValid else { return }
        for joined in insert(.source0(source), into: mode, listing: true).modes { source.didSchedule(in: self, mode: joined) }
    }

    /// Adds a port or descriptor source to `mode`. Its descriptor joins the mode's port set,
    /// so it wakes the loop while the loop sleeps in that mode. Throws
    /// ``RunLoopError/systemCallFailed(_:)`` for a port whose descriptor could not be made.
    public func add(_ source: PortSource, forMode mode: RunLoopMode) throws(RunLoopError) {
        if let error = source.descriptor.creationError { throw .systemCallFailed(error) }
        guard !source.descriptor.isClosed else { throw .closedDescriptor(source.descriptor.label) }
        guard source.isValid else { return }
        source.didSchedule(in: self)
        _ = insert(.port(source), into: mode)
    }

    /// Adds `port` to `mode` with no handler beyond draining it
    /// (`-[NSRunLoop addPort:forMode:]`): the keep-alive idiom. Returns the source.
    @discardableResult
    public func add(_ port: any LabPort, forMode mode: RunLoopMode) throws(RunLoopError) -> PortSource {
        if let existing = portSource(for: port) {
            try add(existing, forMode: mode)
            return existing
        }
        let source = PortSource(port: port)
        try add(source, forMode: mode)
        return source
    }

    /// Removes `port` from `mode`; removing a port that is not scheduled there is an error.
    public func remove(_ port: any LabPort, forMode mode: RunLoopMode) throws(RunLoopError) {
        guard let source = portSource(for: port) else { throw .notScheduled(source: port.name, mode: mode.name) }
        try remove(source, forMode: mode)
    }

    /// Removes a port or descriptor source from `mode`; an error if it is not there.
    public func remove(_ source: PortSource, forMode mode: RunLoopMode) throws(RunLoopError) {
        guard extract(.port(source), from: mode).count > 0 else {
            throw .notScheduled(source: source.name, mode: mode.name)
        }
    }

    /// Removes a version-0 source from `mode`, running its cancel callout.
    public func remove(_ source: RunLoopSource, forMode mode: RunLoopMode) {
        for left in extract(.source0(source), from: mode, listing: true).modes { source.didCancel(in: self, mode: left) }
    }

    /// Adds a timer to `mode` (`CFRunLoopAddTimer`). A timer belongs to the first loop it
    /// is added to; adding it to another loop does nothing. From another thread it re-arms a
    /// sleeping loop's wait, as CF re-arms the mode's timerfd, without waking it for a pass.
    public func add(_ timer: RunLoopTimer, forMode mode: RunLoopMode) {
        guard timer.claim(for: self) else { return }
        guard insert(.timer(timer), into: mode).count > 0 else { return }
        record(.timerAdd(name: timer.name, target: thread.id, mode: mode.name, fireDate: timer.fireDate))
        if thread !== LabThread.current { rearmTimers() }
    }

    /// Removes a timer from `mode`. A timer taken out of its last mode leaves the loop
    /// (`__CFRunLoopTimerCancel` clears its run loop): it stays valid, does not fire even if
    /// it was already due in the batch being fired, and may be added to any loop again.
    public func remove(_ timer: RunLoopTimer, forMode mode: RunLoopMode) {
        _ = extract(.timer(timer), from: mode)
        state.withLock { state in
            let held = state.commonItems.contains(.timer(timer)) || state.modes.contains { $0.contains(.timer(timer)) }
            if !held { timer.leave(self) }
        }
    }

    /// Moves `timer` to its place for its new fire date in every mode that holds it, after
    /// the timers due at or before it (`__CFRepositionTimerInMode`).
    func reposition(_ timer: RunLoopTimer) {
        state.withLock { state in
            for index in state.modes.indices where state.modes[index].remove(.timer(timer)) {
                _ = state.modes[index].insert(.timer(timer))
            }
        }
    }

    /// Adds an observer to `mode` (`CFRunLoopAddObserver`). An observer belongs to the
    /// first loop it is added to.
    public func add(_ observer: RunLoopObserver, forMode mode: RunLoopMode) {
        guard observer.claim(for: self) else { return }
        _ = insert(.observer(observer), into: mode)
    }

    /// Removes an observer from `mode`.
    public func remove(_ observer: RunLoopObserver, forMode mode: RunLoopMode) {
        _ = extract(.observer(observer), from: mode)
    }

    /// Whether `mode` (or, for ``RunLoopMode/common``, the common items) holds the timer.
    public func contains(_ timer: RunLoopTimer, inMode mode: RunLoopMode) -> Bool {
        contains(.timer(timer), in: mode)
    }

    /// Whether `mode` (or the common items) holds the source.
    public func contains(_ source: RunLoopSource, inMode mode: RunLoopMode) -> Bool {
        contains(.source0(source), in: mode)
    }

    /// Whether `mode` (or the common items) holds the port.
    public func contains(_ port: any LabPort, inMode mode: RunLoopMode) -> Bool {
        guard let source = portSource(for: port) else { return false }
        return contains(.port(source), in: mode)
    }

    // MARK: Shared mechanics

    private func contains(_ item: RunLoopItem, in mode: RunLoopMode) -> Bool {
        state.withLock { state in
            if mode == .common { return state.commonItems.contains(item) }
            return state.index(of: mode).map { state.modes[$0].contains(item) } ?? false
        }
    }

    private func portSource(for port: any LabPort) -> PortSource? {
        state.withLock { state in
            let all =
                state.modes.flatMap(\.portSources)
                + state.commonItems.elements.compactMap { item -> PortSource? in
                    if case let .port(source) = item { source } else { nil }
                }
            return all.first { $0.port === port }
        }
    }

    /// The index of `mode`, creating it if needed. Mutex held.
    @discardableResult
    func ensureMode(_ mode: RunLoopMode, in state: inout LoopState) -> Int {
        if let index = state.index(of: mode) { return index }
        state.modes.append(makeMode(mode))
        return state.modes.count - 1
    }

    /// How many modes an insertion or removal changed, and which ones when asked to list
    /// them (only a version-0 source is told, so only its changes build a list).
    private struct ModesChanged {
        var count = 0
        var modes: [RunLoopMode] = []

        mutating func note(_ mode: RunLoopMode, listing: Bool) {
            count += 1
            if listing { modes.append(mode) }
        }
    }

    /// Adds `item` to `mode`, or to every common mode for ``RunLoopMode/common``; counts
    /// the modes it newly joined, and lists them when `listing`.
    private func insert(_ item: RunLoopItem, into mode: RunLoopMode, listing: Bool = false) -> ModesChanged {
        state.withLock { state in
            var joined = ModesChanged()
            guard !state.isTornDown else { return joined }
            switch item {
            case .observer: hasHadObservers.store(true, ordering: .relaxed)
            case .source0: hasHadSources0.store(true, ordering: .relaxed)
            case .port, .timer: break
            }
            guard mode == .common else {
                if state.modes[ensureMode(mode, in: &state)].insert(item) { joined.note(mode, listing: listing) }
                return joined
            }
            guard state.commonItems.append(item) else { return joined }
            for target in state.commonModes where state.modes[ensureMode(target, in: &state)].insert(item) {
                joined.note(target, listing: listing)
            }
            return joined
        }
    }

    /// Removes `item` from `mode`, or from every common mode for ``RunLoopMode/common``;
    /// counts the modes it left, and lists them when `listing`.
    private func extract(_ item: RunLoopItem, from mode: RunLoopMode, listing: Bool = false) -> ModesChanged {
        state.withLock { state in
            var left = ModesChanged()
            guard mode == .common else {
                if let index = state.index(of: mode), state.modes[index].remove(item) { left.note(mode, listing: listing) }
                return left
            }
            guard state.commonItems.remove(item) else { return left }
            for target in state.commonModes {
                if let index = state.index(of: target), state.modes[index].remove(item) { left.note(target, listing: listing) }
            }
            return left
        }
    }

    /// Removes `item` from every mode and from the common items (invalidation).
    func removeEverywhere(_ item: RunLoopItem) {
        // Only a version-0 source is told which modes it left, so only its list is built.
        let cancelled: RunLoopSource? = if case let .source0(source) = item { source } else { nil }
        let left = state.withLock { state -> [RunLoopMode] in
            state.commonItems.remove(item)
            var left: [RunLoopMode] = []
            for index in state.modes.indices where state.modes[index].remove(item) && cancelled != nil {
                left.append(state.modes[index].mode)
            }
            return left
        }
        for mode in left { cancelled?.didCancel(in: self, mode: mode) }
    }
}
