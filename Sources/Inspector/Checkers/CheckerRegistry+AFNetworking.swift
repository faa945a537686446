extension CheckerRegistry {
    /// The AFNetworking checkers, which read the operations' trace events: callback ledger,
    /// exactly-once, operation liveness, notification balance and cancelled-fails.
    public static let afNetworkingCheckers: [any Checker] = [
        CallbackLedgerChecker(), ExactlyOnceChecker(), OperationLivenessChecker(), NotificationBalanceChecker(),
        CancelledFailsChecker(),
    ]

    /// ``lab`` and the AFNetworking checkers: everything the command line can select.
    public static let all = CheckerRegistry.lab.adding(afNetworkingCheckers)
}
