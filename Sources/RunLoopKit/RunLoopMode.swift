/// A run-loop mode's name: CF's `CFRunLoopMode`, Foundation's `RunLoop.Mode`.
///
/// A loop runs in exactly one mode at a time and services only that mode's sources,
/// timers and observers. ``common`` is not a mode but a tag: items added to it go into
/// every mode tagged common (``default`` to begin with; add more with
/// ``RunLoop/addCommonMode(_:)``). Running it is refused.
public struct RunLoopMode: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The name, e.g. `"kCFRunLoopDefaultMode"`.
    public let name: String
    /// Which of the two modes every loop compares with it is: 1 for ``default``, 2 for
    /// ``common``, 0 for any other. A function of ``name``, so that `==` tells those two
    /// apart from each other and from any other mode without comparing their names, which
    /// are as long as each other and begin alike.
    private let wellKnown: UInt8

    /// A mode called `name`.
    public init(_ name: String) {
        self.name = name
        wellKnown =
            switch name {
            case "kCFRunLoopDefaultMode": 1
            case "kCFRunLoopCommonModes": 2
            default: 0
            }
    }

    public init(stringLiteral name: String) { self.init(name) }

    /// Whether the two are the same mode: whether their names are equal.
    public static func == (lhs: RunLoopMode, rhs: RunLoopMode) -> Bool {
        guard lhs.wellKnown == rhs.wellKnown else { return false }
        return lhs.wellKnown != 0 || lhs.name == rhs.name
    }

    /// Hashes the name, as `==` compares it.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
    }

    /// `kCFRunLoopDefaultMode` / `NSDefaultRunLoopMode`: the mode threads usually run in.
    public static let `default` = RunLoopMode("kCFRunLoopDefaultMode")

    /// `kCFRunLoopCommonModes` / `NSRunLoopCommonModes`: the common-modes pseudo-mode.
    public static let common = RunLoopMode("kCFRunLoopCommonModes")

    /// `UITrackingRunLoopMode`: what UIKit runs the main loop in while a scroll view tracks.
    public static let tracking = RunLoopMode("UITrackingRunLoopMode")

    /// `[.default]`, the mode list of a plain `perform`: one shared array, so that a
    /// million performs do not each allocate their own.
    public static let defaultOnly: [RunLoopMode] = [.default]

    /// `[.common]`, shared in the same way.
    public static let commonOnly: [RunLoopMode] = [.common]

    /// `[mode]`: the shared ``defaultOnly`` or ``commonOnly`` list for those two modes, so
    /// that a list of either allocates nothing, and a new list for any other.
    public static func only(_ mode: RunLoopMode) -> [RunLoopMode] {
        switch mode.wellKnown {
        case 1: defaultOnly
        case 2: commonOnly
        default: [mode]
        }
    }

    /// The names of ``defaultOnly``, and of the common modes alone: shared by the traces of
    /// blocks queued for either, so that tracing them makes no array.
    static let defaultOnlyNames = [RunLoopMode.default.name]
    static let commonOnlyNames = [RunLoopMode.common.name]

    public var description: String { name }
}
