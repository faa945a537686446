/// Where in the lab's Swift source a trace event was recorded: the `#fileID` and `#line` of
/// the call that recorded it, such as `AFReplay/URLConnectionOperation+Lifecycle.swift:31`.
///
/// The recording functions (``Runtime/record(_:fileID:line:)`` and the helpers above it)
/// take both as default arguments, so an event points at the line of the run-loop or replay
/// code that did the work. Keeping the literal costs no allocation per event.
public struct CodeLocation: Sendable, Equatable, CustomStringConvertible {
    /// `Module/File.swift`, as `#fileID` gives it.
    public let fileID: StaticString
    /// The line, from 1.
    public let line: UInt

    /// The location of the caller, or the one given.
    public init(fileID: StaticString = #fileID, line: UInt = #line) {
        self.fileID = fileID
        self.line = line
    }

    /// `AFReplay/URLConnectionOperation+Lifecycle.swift`.
    public var file: String { fileID.description }

    /// The module, the part of ``file`` before the slash: `AFReplay`.
    public var module: String { String(file.prefix { $0 != "/" }) }

    /// The file's name without its module: `URLConnectionOperation+Lifecycle.swift`.
    public var fileName: String { String(file.drop { $0 != "/" }.dropFirst()) }

    /// `AFReplay/URLConnectionOperation+Lifecycle.swift:31`.
    public var description: String { "\(file):\(line)" }

    public static func == (a: CodeLocation, b: CodeLocation) -> Bool {
        a.line == b.line && a.fileID.withUTF8Buffer { left in b.fileID.withUTF8Buffer { left.elementsEqual($0) } }
    }
}
