/// A name that traces, reports and error messages show, such as `"C3 socket"`, kept as its
/// pieces until its text is asked for.
///
/// A lab object named after a numbered owner (a connection's socket, its readable source,
/// its timeout timer) is made many times a second by a live, untraced benchmark, which
/// never shows the name: keeping the pieces costs nothing, where putting the text together
/// cost a string's worth of work for each. A name whose text is read is put together then,
/// the same text as the interpolation `"\(prefix)\(number)\(suffix)"`.
public struct LabName: Sendable, CustomStringConvertible {
    private enum Pieces {
        case text(String)
        case numbered(prefix: StaticString, number: Int, suffix: StaticString)
    }

    private let pieces: Pieces

    /// The name `text`.
    public init(_ text: String) {
        pieces = .text(text)
    }

    /// The name `prefix`, `number` in decimal, then `suffix`: `LabName("C", 3, " socket")`
    /// is `"C3 socket"`.
    public init(_ prefix: StaticString, _ number: Int, _ suffix: StaticString = "") {
        pieces = .numbered(prefix: prefix, number: number, suffix: suffix)
    }

    /// The name followed by `suffix`: `"C3"` becomes `"C3 socket"`.
    public func appending(_ suffix: StaticString) -> LabName {
        if case let .numbered(prefix, number, last) = pieces, last.utf8CodeUnitCount == 0 {
            return LabName(prefix, number, suffix)
        }
        return LabName(
            String {
                $0.write(text)
                $0.write(suffix)
            })
    }

    /// The name's text, put together now if it was kept as pieces (or taken from the
    /// pthread's text cache if it was put together before).
    public var text: String {
        switch pieces {
        case let .text(text):
            text
        case let .numbered(prefix, number, suffix):
            TextCache.withCurrent { cache in
                cache.text(prefix, number, suffix) {
                    String {
                        $0.write(prefix)
                        $0.write(number)
                        $0.write(suffix)
                    }
                }
            }
        }
    }

    /// The name's text.
    public var description: String { text }
}
