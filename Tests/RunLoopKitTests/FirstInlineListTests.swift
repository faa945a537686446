import Testing

@testable import RunLoopKit

/// The short lists a port source keeps of its loops, a mode of its sources on one descriptor
/// (objects in the order added, found and removed by identity) and a stream of its chunks.
@Suite("First-inline lists")
struct FirstInlineListTests {
    private final class Item {}

    private func contents(_ list: FirstInlineList<Item>) -> [ObjectIdentifier] {
        var found: [ObjectIdentifier] = []
        list.forEach { found.append(ObjectIdentifier($0)) }
        return found
    }

    @Test("objects keep the order added, and removing any one keeps the others' order")
    func orderAndRemoval() {
        let items = (0..<4).map { _ in Item() }
        for removed in items.indices {
            var list = FirstInlineList<Item>()
            #expect(list.isEmpty)
            for item in items { list.append(item) }
            #expect(contents(list) == items.map(ObjectIdentifier.init))
            let removedOnce = list.removeIdentical(items[removed])
            let removedTwice = list.removeIdentical(items[removed])
            #expect(removedOnce && !removedTwice)
            #expect(!list.contains(items[removed]))
            let kept = items.indices.filter { $0 != removed }.map { items[$0] }
            #expect(contents(list) == kept.map(ObjectIdentifier.init))
            #expect(kept.allSatisfy(list.contains))
            #expect(list.first { $0 !== kept[0] } === kept[1])
        }
    }

    @Test("elements lists what was added, in order, for every length", arguments: 0...3)
    func elements(count: Int) {
        var list = FirstInlineList<Int>()
        for value in 0..<count { list.append(value) }
        #expect(list.elements == Array(0..<count))
    }

    @Test("a list emptied one object at a time is empty, and takes objects again")
    func emptying() {
        let items = (0..<3).map { _ in Item() }
        var list = FirstInlineList<Item>()
        for item in items { list.append(item) }
        let removed = items.map { list.removeIdentical($0) }
        #expect(removed == [true, true, true])
        #expect(list.isEmpty)
        #expect(list.first == nil && list.first { _ in true } == nil)
        list.append(items[2])
        #expect(contents(list) == [ObjectIdentifier(items[2])])
    }

    @Test("values keep the order added, and the list says when it holds more than one")
    func values() {
        var list = FirstInlineList<[UInt8]>()
        #expect(list.isEmpty && !list.hasMoreThanOne && list.first == nil)
        list.append([1])
        #expect(!list.isEmpty && !list.hasMoreThanOne && list.first == [1])
        list.append([2, 3])
        list.append([4])
        var all: [[UInt8]] = []
        list.forEach { all.append($0) }
        #expect(list.hasMoreThanOne && all == [[1], [2, 3], [4]])
        #expect(list.first { $0.count == 2 } == [2, 3])
    }
}
