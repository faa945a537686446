/// The moments of a run that observers can watch: CF's `CFRunLoopActivity`, with CF's bits.
public struct RunLoopActivity: OptionSet, Sendable, CustomStringConvertible {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// `kCFRunLoopEntry`: a run began.
    public static let entry = RunLoopActivity(rawValue: 1 << 0)
    /// `kCFRunLoopBeforeTimers`: top of an iteration (timers really run after the wait).
    public static let beforeTimers = RunLoopActivity(rawValue: 1 << 1)
    /// `kCFRunLoopBeforeSources`: about to run version-0 sources.
    public static let beforeSources = RunLoopActivity(rawValue: 1 << 2)
    /// `kCFRunLoopBeforeWaiting`: about to sleep.
    public static let beforeWaiting = RunLoopActivity(rawValue: 1 << 5)
    /// `kCFRunLoopAfterWaiting`: just woke.
    public static let afterWaiting = RunLoopActivity(rawValue: 1 << 6)
    /// `kCFRunLoopExit`: a run ended.
    public static let exit = RunLoopActivity(rawValue: 1 << 7)
    /// `kCFRunLoopAllActivities`.
    public static let all = RunLoopActivity(rawValue: 0x0FFF_FFFF)

    /// The single activities in CF's order, with their names.
    static let named: [(RunLoopActivity, String)] = [
        (.entry, "entry"), (.beforeTimers, "beforeTimers"), (.beforeSources, "beforeSources"),
        (.beforeWaiting, "beforeWaiting"), (.afterWaiting, "afterWaiting"), (.exit, "exit"),
    ]

    public var description: String {
        Self.named.filter { contains($0.0) }.map(\.1).joined(separator: "|")
    }
}
