import LabRuntime
import Synchronization

/// A version-1 source: CF's `CFRunLoopSource` with a version-1 context (a port), or a
/// `CFFileDescriptor`/`CFSocket`-style source on a readable or writable descriptor.
///
/// Its descriptor joins the mode's port set, so the source is "heard" only while the loop
/// waits in a mode that contains it, and it wakes a sleeping loop by itself. A port source
/// drains its port before performing and passes the number of messages; a descriptor
/// source leaves the reading to its callout (a socket's bytes are the callout's to take).
/// Both count as "source handled" for `returnAfterSourceHandled`.
public final class PortSource: Sendable, CustomStringConvertible {
    /// The source's name, for traces.
    public var name: String { label.text }
    /// The same, as its pieces until its text is read.
    public let label: LabName
    /// Ordering among sources; kept for parity with CF (one port is handled per wake).
    public let order: Int
    /// The descriptor the loop waits on.
    public let descriptor: LabFileDescriptor
    /// The port, when this is a port source.
    public let port: (any LabPort)?
    /// What the source waits for: readable for ports and incoming bytes, writable for
    /// room in a socket's send buffer.
    public let interest: Readiness
    private let performCallout: @Sendable (Int) -> Void
    private let valid = Atomic<Bool>(true)
    /// The loops the source is scheduled in, each once (CF's source keeps them, so that
    /// invalidating it removes it from all of them).
    private let loops = Mutex(FirstInlineList<RunLoop>())

    /// A source for `port`: when a message arrives, the loop drains the port and calls
    /// `perform` with the number of messages drained.
    public init(port: any LabPort, order: Int = 0, perform: @escaping @Sendable (_ messages: Int) -> Void = { _ in }) {
        label = LabName(port.name)
        self.order = order
        descriptor = port.descriptor
        self.port = port
        interest = .readable
        performCallout = perform
    }

    /// A source for a readable descriptor such as a socket: the loop calls `perform` while
    /// the descriptor is readable (or hung up); `perform` must consume what it reads.
    public convenience init(
        readable descriptor: LabFileDescriptor, name: String? = nil, order: Int = 0,
        perform: @escaping @Sendable () -> Void
    ) {
        self.init(readable: descriptor, label: name.map(LabName.init) ?? descriptor.name, order: order, perform: perform)
    }

    /// ``init(readable:name:order:perform:)`` with a name kept as its pieces until it is
    /// read (`LabName("C", 3, " socket")`).
    public init(
        readable descriptor: LabFileDescriptor, label: LabName, order: Int = 0,
        perform: @escaping @Sendable () -> Void
    ) {
        self.label = label
        self.order = order
        self.descriptor = descriptor
        port = nil
        interest = .readable
        performCallout = { _ in perform() }
    }

    /// A source for a writable descriptor (`kCFSocketWriteCallBack`): the loop calls
    /// `perform` while the descriptor can take bytes (or has failed). A source that has
    /// nothing left to write should be removed, or it fires on every pass.
    public init(
        writable descriptor: LabFileDescriptor, name: String? = nil, order: Int = 0,
        perform: @escaping @Sendable () -> Void
    ) {
        label = name.map(LabName.init) ?? descriptor.name.appending(" (writable)")
        self.order = order
        self.descriptor = descriptor
        port = nil
        interest = .writable
        performCallout = { _ in perform() }
    }

    public var description: String { name }

    /// Whether ``invalidate()`` has not been called.
    public var isValid: Bool { valid.load(ordering: .relaxed) }

    /// Removes the source from every mode of every loop.
    public func invalidate() {
        valid.store(false, ordering: .relaxed)
        let scheduled = loops.withLock { loops in
            defer { loops = FirstInlineList() }
            return loops
        }
        scheduled.forEach { $0.removeEverywhere(.port(self)) }
    }

    /// Drains the port; a descriptor source reports one event and leaves the bytes.
    func drainMessages() -> Int { port?.drain() ?? 1 }

    func perform(messages: Int) { performCallout(messages) }

    func didSchedule(in loop: RunLoop) {
        loops.withLock { loops in
            if !loops.contains(loop) { loops.append(loop) }
        }
    }
}
