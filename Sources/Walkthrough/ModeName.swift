import RunLoopKit

/// Run-loop modes as scenarios name them: `default`, `common` and `tracking` for CF's and
/// UIKit's, any other word or a quoted string for a mode of that name.
enum ModeName {
    /// The short names and the modes they stand for.
    static let known: [(name: String, mode: RunLoopMode)] = [
        ("default", .default), ("common", .common), ("tracking", .tracking),
    ]

    /// The mode a token names.
    static func mode(_ token: Token) -> RunLoopMode {
        known.first { $0.name == token.text && token.kind == .word }?.mode ?? RunLoopMode(token.text)
    }
}
