/// The checkers that can be selected by name, in a fixed order: what `--checkers a,b` and a
/// scenario's defaults choose from. The AFNetworking checkers join by ``adding(_:)``.
public struct CheckerRegistry: Sendable {
    /// Every registered checker, in registration order.
    public let checkers: [any Checker]

    /// A registry of `checkers`; names must be distinct.
    public init(_ checkers: [any Checker]) {
        precondition(Set(checkers.map(\.name)).count == checkers.count, "checker names must be distinct")
        self.checkers = checkers
    }

    /// The checkers that need nothing but the runtime: deadlock, lock misuse, lock order,
    /// liveness, livelock and the scenario's own expectations.
    public static let lab = CheckerRegistry([
        DeadlockChecker(), LockMisuseChecker(), LivenessChecker(), LivelockChecker(), ExpectationChecker(), LockOrderChecker(),
    ])

    /// This registry with `more` checkers after its own.
    public func adding(_ more: [any Checker]) -> CheckerRegistry { CheckerRegistry(checkers + more) }

    /// The checker called `name`, if there is one.
    public func checker(named name: String) -> (any Checker)? { checkers.first { $0.name == name } }

    /// The checkers called `names`, in the order given.
    ///
    /// - Throws: ``UnknownNameError`` naming the first name that matches no checker.
    public func checkers(named names: [String]) throws(UnknownNameError) -> [any Checker] {
        var chosen: [any Checker] = []
        for name in names {
            guard let checker = checker(named: name) else {
                throw UnknownNameError(what: "checker", name: name, known: checkers.map(\.name))
            }
            chosen.append(checker)
        }
        return chosen
    }
}

/// A name that matches no registered scenario or checker.
public struct UnknownNameError: Error, Equatable, CustomStringConvertible {
    /// What was looked up: `"scenario"` or `"checker"`.
    public let what: String
    /// The name given.
    public let name: String
    /// The names that exist, in registration order.
    public let known: [String]

    public var description: String { "unknown \(what) '\(name)' (known: \(known.joined(separator: ", ")))" }
}
