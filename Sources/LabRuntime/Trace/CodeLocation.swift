/// Where in the lab's Swift source a trace event was recorded: the `#fileID` and `#line` of
/// the call that recorded it, such as `AFReplay/URLConnectionOperation+Lifecycle.swift:19`.
///
/// The recording functions (``Runtime/record(_:fileID:line:)``, ``LabLock/lock(fileID:line:)``
/// and the other helpers above them) take both as default arguments, so an event points at
/// the line of the run-loop or replay code that did the work. It keeps the literal's address
/// and the line in 16 bytes, with no allocation per event.
public struct CodeLocation: @unchecked Sendable, Equatable, CustomStringConvertible {
    // @unchecked: `fileStart` points at a `#fileID` literal in the executable's constant
    // data, which is never written or freed.
    @usableFromInline let fileStart: UnsafePointer<UInt8>
    @usableFromInline let fileLength: UInt32
    @usableFromInline let storedLine: UInt32

    /// The location of the caller, or the one given. `fileID` is a string literal.
    @inlinable
    public init(fileID: StaticString = #fileID, line: UInt = #line) {
        precondition(fileID.hasPointerRepresentation, "a code location's file is a string literal")
        fileStart = fileID.utf8Start
        fileLength = UInt32(fileID.utf8CodeUnitCount)
        storedLine = UInt32(truncatingIfNeeded: line)
    }

    private var fileBytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: fileStart, count: Int(fileLength)) }

    /// `AFReplay/URLConnectionOperation+Lifecycle.swift`, as `#fileID` gives it.
    public var file: String { String(decoding: fileBytes, as: UTF8.self) }

    /// The line, from 1.
    public var line: UInt { UInt(storedLine) }

    /// The module, the part of ``file`` before the slash: `AFReplay`.
    public var module: String { String(file.prefix { $0 != "/" }) }

    /// The file's name without its module: `URLConnectionOperation+Lifecycle.swift`.
    public var fileName: String { String(file.drop { $0 != "/" }.dropFirst()) }

    /// `AFReplay/URLConnectionOperation+Lifecycle.swift:19`.
    public var description: String { "\(file):\(line)" }

    public static func == (a: CodeLocation, b: CodeLocation) -> Bool {
        a.storedLine == b.storedLine && a.fileBytes.elementsEqual(b.fileBytes)
    }
}
