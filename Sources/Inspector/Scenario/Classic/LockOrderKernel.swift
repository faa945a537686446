import LabRuntime

extension Scenario {
    /// `transfer-lock-order`: two transfers between two accounts, each locking its source account
    /// first and working a little before it locks the destination: opposite orders, so both
    /// can hold one lock and wait for the other.
    static let lockOrderTransfer = Scenario(
        name: "transfer-lock-order", summary: "two transfers lock their accounts in opposite orders"
    ) {
        let runtime = currentRuntime()
        let accounts = [runtime.makeLock(named: "account-1"), runtime.makeLock(named: "account-2")]
        let transfers = [(0, 1), (1, 0)].map { from, to in
            runtime.spawnThread(named: "transfer-\(from + 1)-to-\(to + 1)") {
                accounts[from].withLock {
                    for _ in 0..<2 { runtime.yield("debit") }
                    accounts[to].withLock { runtime.yield("credit") }
                }
            }
        }
        for transfer in transfers { transfer.join() }
    }
}
