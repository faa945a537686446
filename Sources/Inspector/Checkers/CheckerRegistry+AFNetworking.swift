extension CheckerRegistry {
    /// The AFNetworking checkers, which read the operations' trace events: callback ledger,
    /// exactly-once, operation liveness, notification balance and cancelled-fails.
    public static let afNetworkingCheckers: [any Checker] = [
        CallbackLedgerChecker(), ExactlyOnceChecker(), OperationLivenessChecker(), NotificationBalanceChecker(),
        CancelledFailsChecker(),
    ]

    /// ``lab`` and the AFNetworking checkers: every scenario's default checkers.
    public static let all = CheckerRegistry.lab.adding(afNetworkingCheckers)

    /// ``all`` and the opt-in checkers: everything the command line and `expect checker`
    /// lines can select. `data-race` is opt-in because 2.6.3 races on its unlocked fields
    /// in nearly every run, which would hide the behavioural races the defaults look for.
    public static let selectable = all.adding([DataRaceChecker()])
}
