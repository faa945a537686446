import Testing

@testable import Inspector

/// A checker's ledger keeps one record per key and its keys in first-seen order, whether it
/// finds a key by comparing it with each noted key (a few keys) or by hashing (many).
@Suite("First-seen ledger")
struct FirstSeenLedgerTests {
    @Test("records add up per key and keys stay in first-seen order", arguments: [3, 8, 9, 40])
    func recordsAndOrder(keyCount: Int) {
        var ledger = FirstSeenLedger<String, Int>(empty: 0)
        let keys = (0..<keyCount).map { "op \(keyCount - $0)" }
        for round in 1...3 {
            for (index, key) in keys.enumerated() where index % round == 0 { ledger.note(key) { $0 += 1 } }
        }
        #expect(ledger.entries.map(\.key) == keys)
        for (index, entry) in ledger.entries.enumerated() {
            #expect(entry.record == 1 + (index % 2 == 0 ? 1 : 0) + (index % 3 == 0 ? 1 : 0))
        }
    }
}
