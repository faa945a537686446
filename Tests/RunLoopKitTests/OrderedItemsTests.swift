import LabRuntime
import Testing

@testable import RunLoopKit

/// The list a loop keeps its common items and a mode its port sources in, and the identity
/// table behind it: whatever the mix of adds and removes, they answer as a plain array would.
@Suite("Ordered items and identity tables")
struct OrderedItemsTests {
    private final class Item: IdentifiedByObject {
        var identity: ObjectIdentifier { ObjectIdentifier(self) }
    }

    @Test("adds and removes keep the order added and answer membership as an array does", arguments: [4, 20, 300])
    func matchesAnArray(population: Int) {
        let items = (0..<population).map { _ in Item() }
        var list = OrderedItems<Item>()
        var reference: [Item] = []
        // Seeded, so that every run tries the same mix.
        var random = SplitMix64(seed: UInt64(population))
        for _ in 0..<(population * 20) {
            let item = items[Int.random(in: 0..<population, using: &random)]
            let present = reference.contains { $0 === item }
            if Int.random(in: 0..<3, using: &random) == 0 {
                #expect(list.remove(item) == present)
                reference.removeAll { $0 === item }
            } else {
                #expect(list.append(item) == !present)
                if !present { reference.append(item) }
            }
            #expect(list.count == reference.count)
        }
        #expect(list.elements.map(ObjectIdentifier.init) == reference.map(ObjectIdentifier.init))
        for item in items { #expect(list.contains(item) == reference.contains { $0 === item }) }
        #expect(list.first(where: { _ in true }) === reference.first)
    }

    @Test("removing the oldest while adding keeps the order, as a queue of open connections does")
    func oldestFirst() {
        let items = (0..<400).map { _ in Item() }
        var list = OrderedItems<Item>()
        for item in items[..<64] { _ = list.append(item) }
        for (index, item) in items[64...].enumerated() {
            let removed = list.remove(items[index])
            let added = list.append(item)
            #expect(removed && added)
            #expect(!list.contains(items[index]))
        }
        #expect(list.elements.map(ObjectIdentifier.init) == items[336...].map(ObjectIdentifier.init))
        let removedLast = list.remove(items[399])
        let removedInside = list.remove(items[340])
        #expect(removedLast && removedInside)
        #expect(list.elements.count == 62 && list.first(where: { _ in true }) === items[336])
    }

    @Test("an identity table keeps every value through growth and removals from the middle of a run")
    func identityTable() {
        let items = (0..<500).map { _ in Item() }
        var table = IdentityTable<Int>()
        for (index, item) in items.enumerated() { table.updateValue(index, forKey: item.identity) }
        for (index, item) in items.enumerated() where index % 3 == 0 {
            #expect(table.removeValue(forKey: item.identity) == index)
        }
        for (index, item) in items.enumerated() {
            #expect(table[item.identity] == (index % 3 == 0 ? nil : index))
        }
        let doubled = table.modifyValue(forKey: items[1].identity) { value -> Int in
            value *= 2
            return value
        }
        #expect(doubled == 2)
        let missing = table.modifyValue(forKey: items[0].identity) { $0 }
        #expect(missing == nil)
        table.removeValue(forKey: items[2].identity)
        let added = table.insert(33, forKey: items[3].identity)
        let addedAgain = table.insert(34, forKey: items[3].identity)
        #expect(added && !addedAgain)
        #expect(table[items[2].identity] == nil)
        #expect(table[items[3].identity] == 33)
        #expect(table.count == 500 - 167 - 1 + 1)
    }
}
