import LabRuntime

extension Scenario {
    /// `transfer-lock-order`: two transfers between two accounts, each locking its source account
    /// first and debiting it (a read and a write of its balance) before it locks the
    /// destination to credit it: opposite orders, so both can hold one lock and wait for the
    /// other.
    static let lockOrderTransfer = Scenario(
        name: "transfer-lock-order", summary: "two transfers lock their accounts in opposite orders"
    ) {
        let runtime = currentRuntime()
        let accounts = [runtime.makeLock(named: "account-1"), runtime.makeLock(named: "account-2")]
        let balances = [LabCell("balance-1", 100), LabCell("balance-2", 100)]
        let transfers = [(0, 1), (1, 0)].map { from, to in
            runtime.spawnThread(named: "transfer-\(from + 1)-to-\(to + 1)") {
                accounts[from].withLock {
                    balances[from].store(balances[from].load() - 10)
                    accounts[to].withLock { balances[to].update { $0 += 10 } }
                }
            }
        }
        for transfer in transfers { transfer.join() }
    }
}
