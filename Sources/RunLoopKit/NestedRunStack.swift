/// One element per active run of a loop, innermost last, with the innermost kept inline: a
/// loop that runs without nesting, as nearly every one does, allocates nothing when a run
/// begins (CF keeps its per-run data in each run's frame). Runs nest without limit.
struct NestedRunStack<Element> {
    /// The innermost run's element; `nil` when the loop is not running.
    var innermost: Element?
    /// The elements of the runs around the innermost, outermost first.
    private var outer: [Element] = []

    /// How many runs are active.
    var count: Int { innermost == nil ? 0 : outer.count + 1 }

    /// Adds `element` for a run that begins inside the current innermost one.
    mutating func push(_ element: Element) {
        if let innermost { outer.append(innermost) }
        innermost = element
    }

    /// Removes the innermost run's element: the run ended, and the one around it, if any, is
    /// innermost again.
    mutating func pop() {
        innermost = outer.popLast()
    }
}

extension NestedRunStack: Sendable where Element: Sendable {}
