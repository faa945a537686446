/// A posted notification: `NSNotification` with a name and an object, and no `userInfo`
/// (AFNetworking posts its operation notifications with none, spec §3; the lab leaves out
/// the `userInfo` of the task notification, spec §4).
public struct Notification: Sendable {
    /// A notification name (`NSNotificationName`).
    ///
    /// Names compare by a fingerprint of their string's bytes first, so that a post, which
    /// matches its name against every observer's, tells two different names apart without
    /// comparing their strings.
    public struct Name: Hashable, Sendable, CustomStringConvertible {
        /// The string AFNetworking defines, e.g. `"com.alamofire.networking.operation.start"`.
        public let rawValue: String
        /// `rawValue`'s length in UTF-8 and its last eight bytes (``fingerprint(of:)``).
        private let fingerprint: UInt64

        /// A name with the string `rawValue`.
        public init(_ rawValue: String) {
            self.rawValue = rawValue
            fingerprint = Self.fingerprint(of: rawValue)
        }

        /// The length of `string` in UTF-8 mixed with its last eight bytes: equal for equal
        /// strings, and different for AFNetworking's notification names, which share their
        /// beginnings (`com.alamofire.networking.`) and differ at their ends.
        private static func fingerprint(of string: String) -> UInt64 {
            let utf8 = string.utf8
            let tail =
                utf8.withContiguousStorageIfAvailable { bytes in bytes.suffix(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) } }
                ?? utf8.suffix(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
            return tail ^ UInt64(utf8.count) &* 0x9e37_79b9_7f4a_7c15
        }

        /// Whether the two names are the same string, byte for byte (as `isEqualToString:`
        /// compares them, code unit by code unit).
        public static func == (lhs: Name, rhs: Name) -> Bool {
            lhs.fingerprint == rhs.fingerprint && lhs.rawValue == rhs.rawValue
        }

        /// Feeds the name's fingerprint to `hasher`.
        public func hash(into hasher: inout Hasher) {
            hasher.combine(fingerprint)
        }

        /// The name's string.
        public var description: String { rawValue }

        /// The name as traces and reports shorten it: `DidStart` and `DidFinish` for the
        /// operation notifications, the whole string for any other.
        public var shortName: String {
            switch self {
            case .operationDidStart: "DidStart"
            case .operationDidFinish: "DidFinish"
            case .taskDidResume: "TaskDidResume"
            case .taskDidSuspend: "TaskDidSuspend"
            case .taskDidComplete: "TaskDidComplete"
            default: rawValue
            }
        }

        /// What `AFNetworkActivityIndicatorManager` counts: for an operation, DidStart up and
        /// DidFinish down; for a session task, DidResume up and DidSuspend or DidComplete down
        /// (NAIM.m's `init`). The indicator registers for them in this order.
        public static let countedByActivityIndicator: [ActivityCounting] = [
            ActivityCounting(up: .operationDidStart, downs: [.operationDidFinish]),
            ActivityCounting(up: .taskDidResume, downs: [.taskDidSuspend, .taskDidComplete]),
        ]

        /// How the activity indicator counts a notification of this name: + 1, − 1, or nil
        /// for a name it does not count (``countedByActivityIndicator``).
        public var activityCountChange: Int? {
            activityCounting.map { $0.up == self ? 1 : -1 }
        }

        /// The entry of ``countedByActivityIndicator`` this name belongs to, if any.
        public var activityCounting: ActivityCounting? {
            Self.countedByActivityIndicator.first { $0.up == self || $0.downs.contains(self) }
        }

        /// `AFNetworkingOperationDidStartNotification`: posted on main by
        /// `operationDidStart` (spec §3.3).
        public static let operationDidStart = Name("com.alamofire.networking.operation.start")

        /// `AFNetworkingOperationDidFinishNotification`: posted on main by `finish` and by
        /// `pause` of an executing operation (spec §3.6, §3.7).
        public static let operationDidFinish = Name("com.alamofire.networking.operation.finish")

        /// `AFNetworkingTaskDidCompleteNotification`: posted on main, with the task as its
        /// object, once a ``SessionManager`` task's completion handler has run (spec §4).
        public static let taskDidComplete = Name("com.alamofire.networking.task.complete")

        /// `AFNetworkingTaskDidResumeNotification`: posted on main, with the task as its
        /// object, by the ``SessionManager`` that made the task, when ``SessionTask/resume()``
        /// found it not running (spec §4, USM.m's `taskDidResume:`).
        public static let taskDidResume = Name("com.alamofire.networking.task.resume")

        /// `AFNetworkingTaskDidSuspendNotification`: posted on main, with the task as its
        /// object, by the ``SessionManager`` that made the task, when ``SessionTask/suspend()``
        /// found it not suspended, even when it had already completed (spec §4, USM.m's
        /// `taskDidSuspend:`).
        public static let taskDidSuspend = Name("com.alamofire.networking.task.suspend")

        /// `AFNSURLSessionTaskDidResumeNotification`, USM.m's private name: posted by
        /// ``SessionTask/resume()`` (2.6.3's swizzled `af_resume`) on the resuming thread,
        /// with the task as its object, when the task was not running before the call.
        static let sessionTaskDidResume = Name("com.alamofire.networking.nsurlsessiontask.resume")

        /// `AFNSURLSessionTaskDidSuspendNotification`, USM.m's private name: posted by
        /// ``SessionTask/suspend()`` (2.6.3's swizzled `af_suspend`) on the suspending thread,
        /// with the task as its object, when the task was not suspended before the call.
        static let sessionTaskDidSuspend = Name("com.alamofire.networking.nsurlsessiontask.suspend")
    }

    /// The notification's name.
    public let name: Name
    /// The object that posted it (the operation or the session task), if any.
    public let object: (any TraceNamed)?

    /// One kind of activity the network activity indicator counts: the notification that
    /// counts it up and those that count it down (``Name/countedByActivityIndicator``).
    public struct ActivityCounting: Sendable {
        /// The notification that counts + 1: an operation's DidStart, a task's DidResume.
        public let up: Name
        /// The notifications that count − 1: an operation's DidFinish; a task's DidSuspend
        /// and DidComplete.
        public let downs: [Name]
    }

    /// A notification called `name` about `object`.
    public init(name: Name, object: (any TraceNamed)?) {
        self.name = name
        self.object = object
    }
}
