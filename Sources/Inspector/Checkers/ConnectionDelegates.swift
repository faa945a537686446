/// Which delegate each connection of a run was created for (`connection.created` events),
/// for the checkers that follow connections to their operations. A run has a few
/// connections, so finding one by comparing costs less than hashing, and a run without
/// connections allocates nothing.
struct ConnectionDelegates {
    private var entries: [(connection: Int, delegate: String)] = []

    /// Records that `connection` was created for `delegate`, in place of any earlier one.
    mutating func set(_ delegate: String, for connection: Int) {
        if let index = entries.lastIndex(where: { $0.connection == connection }) {
            entries[index].delegate = delegate
        } else {
            if entries.isEmpty { entries.reserveCapacity(4) }
            entries.append((connection, delegate))
        }
    }

    /// The delegate `connection` was created for, if it was.
    func delegate(of connection: Int) -> String? {
        entries.last { $0.connection == connection }?.delegate
    }

    /// Whether some connection was created for `delegate`.
    func contains(delegate: String) -> Bool {
        entries.contains { $0.delegate == delegate }
    }

    /// The first delegate that `matches`, in the order the connections were created.
    func first(where matches: (String) -> Bool) -> String? {
        entries.first { matches($0.delegate) }?.delegate
    }
}
