import LabRuntime

extension Scenario {
    /// `aba`: a lock-free stack A → B → C whose pop reads the top and its successor, then
    /// swaps the top with a compare-and-swap. Between the read and the swap another thread
    /// pops A and B and pushes A back: the swap still sees A and installs B, a popped node.
    static let aba = Scenario(name: "aba", summary: "a lock-free stack's compare-and-swap succeeds on a recycled node") {
        let runtime = currentRuntime()
        let nodeA = 0
        let nodeB = 1
        let nodeC = 2
        let top = LabCell(optional: "top", nodeA)
        let next = [
            LabCell(optional: "A.next", nodeB), LabCell(optional: "B.next", nodeC),
            LabCell(optional: "C.next", nil),
        ]
        let inStack = ScenarioCell([true, true, true])
        @Sendable func pop() -> Int? {
            while true {
                guard let head = top.load() else { return nil }
                let successor = next[head].load()
                if top.compareExchange(expected: head, desired: successor).exchanged {
                    inStack.update { $0[head] = false }
                    return head
                }
            }
        }
        @Sendable func push(_ node: Int) {
            while true {
                let head = top.load()
                next[node].store(head)
                if top.compareExchange(expected: head, desired: node).exchanged {
                    inStack.update { $0[node] = true }
                    return
                }
            }
        }
        let first = runtime.spawnThread(named: "popper") { _ = pop() }
        let second = runtime.spawnThread(named: "recycler") {
            if let a = pop() {
                _ = pop()
                push(a)
            }
        }
        first.join()
        second.join()
        let head = top.load()
        ScenarioExpectation.check(head.map { inStack.value[$0] } ?? true, "the stack's top is a node in the stack")
    }
}
