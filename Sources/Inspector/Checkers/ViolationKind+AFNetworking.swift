extension ViolationKind {
    /// A connection callback reached an operation other than its connection's delegate, or
    /// arrived after that operation finished.
    public static let strayCallback = ViolationKind(rawValue: "stray callback")
    /// An operation finished twice, ran its completion twice, or ran both success and failure.
    public static let repeatedCompletion = ViolationKind(rawValue: "repeated completion")
    /// At quiescence an operation that must finish (it was cancelled, or is still executing
    /// with nothing left to drive it) never will.
    public static let stuckOperation = ViolationKind(rawValue: "stuck operation")
    /// At quiescence the activity indicator's count of DidStart minus DidFinish is not 0.
    public static let notificationImbalance = ViolationKind(rawValue: "notification imbalance")
}
