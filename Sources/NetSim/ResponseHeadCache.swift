import Glibc
import LabRuntime

/// The final response heads parsed on one pthread, kept with their bytes for the responses
/// that follow on it: a search's runs read the same heads from the loopback server run after
/// run, and a live network thread reads the same head for every download of one route.
/// Parsing a head is a pure function of its bytes (status line to blank line), of whether
/// the request was `HEAD` and of the parser's limits, so a kept head whose bytes and
/// settings match is the head a new parse would give, with the same body framing.
/// ``HTTPResponseParser`` asks it before parsing a status line, and keeps a final head it
/// parsed from one read. Each pthread keeps its own (``RecentEntries``), at most four heads.
enum ResponseHeadCache {
    /// A head kept: its bytes, the settings it was parsed under, and what parsing gave.
    struct Entry {
        /// The head on the wire, from the status line through the blank line.
        let bytes: [UInt8]
        let requestWasHEAD: Bool
        let limits: HTTPParserLimits
        let head: HTTPResponseHead
        let framing: HTTPBodyFraming
    }

    private static let perPthread = PthreadLocal { RecentEntries<Entry>(limit: 4) }

    /// The kept head whose bytes begin `input`, parsed with these settings, if any.
    static func entry(
        beginning input: UnsafeBufferPointer<UInt8>, requestWasHEAD: Bool, limits: HTTPParserLimits
    ) -> Entry? {
        guard let base = input.baseAddress else { return nil }
        return perPthread.withCurrent { kept in
            kept.entries.first { entry in
                entry.bytes.count <= input.count && entry.requestWasHEAD == requestWasHEAD && entry.limits == limits
                    && entry.bytes.withUnsafeBytes { memcmp($0.baseAddress!, base, $0.count) == 0 }
            }
        }
    }

    /// Keeps `entry`, in place of the oldest head once four are kept.
    static func keep(_ entry: Entry) {
        perPthread.withCurrent { $0.keep(entry) }
    }

    /// The bytes of the head that begins `input`, through its blank line, if the whole head
    /// is there.
    static func headBytes(beginning input: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        LineAccumulator.indexAfterBlankLine(in: input).map { Array(input[..<$0]) }
    }
}
