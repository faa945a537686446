extension ViolationKind {
    /// A connection callback reached an operation other than its connection's delegate, or
    /// arrived after that operation finished.
    public static let strayCallback = ViolationKind(rawValue: "stray callback")
    /// An operation finished twice, ran its completion twice, or ran both success and failure.
    public static let repeatedCompletion = ViolationKind(rawValue: "repeated completion")
    /// At quiescence an operation that must finish (it was cancelled, or is still executing
    /// with nothing left to drive it) never will.
    public static let stuckOperation = ViolationKind(rawValue: "stuck operation")
    /// At quiescence the activity indicator's count of DidStart minus DidFinish is not 0, or
    /// one operation posted DidStart and DidFinish a different number of times.
    public static let notificationImbalance = ViolationKind(rawValue: "notification imbalance")
    /// An operation cancelled before it finished ran its success block instead of failing
    /// with `NSURLErrorCancelled` (−999).
    public static let cancelledButSucceeded = ViolationKind(rawValue: "cancelled but succeeded")
}
