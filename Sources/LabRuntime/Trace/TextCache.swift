import Glibc

/// The texts traces show that were made on one pthread, kept for the runs that follow on
/// it: trace names (``Swift/String/init(traceNameOf:_:field:_:)``), numbered ``LabName``s,
/// and texts written with a ``TextWriter``.
///
/// A search's runs name the same cells, locks, sockets and timers with the same numbers,
/// and label the same hops: taking a kept text costs a comparison, where making one costs
/// its text, an allocation when it is long, and a free. Each pthread keeps its own, so that
/// runs on different pthreads (a search's jobs) never share a text's reference count. It
/// keeps at most ``entriesPerNumber`` names of each sort for each number below
/// ``numberLimit``, and ``writtenSlotCount`` written texts, one for each slot their bytes
/// hash to; it makes any other text afresh.
@usableFromInline final class TextCache {
    private struct Entry {
        let letter: Unicode.Scalar
        let field: UnsafeRawPointer?
        let name: String
        let text: String
    }

    private struct NumberedEntry {
        let prefix: UnsafeRawPointer
        let suffix: UnsafeRawPointer
        let text: String
    }

    // Only the cache's own pthread touches these, one call at a time, so exclusivity needs
    // no checking at run time.
    /// The trace names kept for each number, at its index.
    @exclusivity(unchecked) private var byNumber: [[Entry]] = []
    /// The numbered names kept for each number, at its index.
    @exclusivity(unchecked) private var numberedByNumber: [[NumberedEntry]] = []
    /// The written texts kept, each in the slot its bytes hash to; empty where none is.
    @exclusivity(unchecked) private var written = [String](repeating: "", count: writtenSlotCount)
    /// The bytes of each slot's text, ``writtenLengthLimit`` bytes a slot, and how many
    /// there are (0 for none): what a text is compared with, where comparing with the kept
    /// string would retain and release it.
    private let writtenBytes = UnsafeMutableRawPointer.allocate(
        byteCount: writtenSlotCount * writtenLengthLimit, alignment: MemoryLayout<UInt64>.alignment)
    private let writtenCounts = UnsafeMutablePointer<Int>.allocate(capacity: writtenSlotCount)
    private static let writtenSlotCount = 256
    /// The longest written text kept.
    private static let writtenLengthLimit = 64
    /// Names are kept for the numbers below this.
    private static let numberLimit = 256
    /// The most names of each sort kept for one number.
    private static let entriesPerNumber = 8

    private init() {
        writtenCounts.initialize(repeating: 0, count: Self.writtenSlotCount)
    }

    deinit {
        writtenBytes.deallocate()
        writtenCounts.deallocate()
    }

    /// Each pthread's cache, released when the pthread exits.
    private static let perPthread = PthreadLocal { TextCache() }

    /// Calls `body` with the calling pthread's cache, made at its first text, borrowed
    /// rather than retained.
    static func withCurrent<Result>(_ body: (TextCache) -> Result) -> Result {
        perPthread.withCurrent(body)
    }

    /// The kept name for these pieces (``Swift/String/init(traceNameOf:_:field:_:)``), if
    /// there is one. Looking and keeping (``keep(_:_:_:field:_:)``) are two calls, rather than
    /// one taking a closure that makes the name, which would retain the name's pieces.
    func text(_ letter: Unicode.Scalar, _ number: Int, field: StaticString?, _ name: String) -> String? {
        guard number < byNumber.count else { return nil }
        let field = field.map { UnsafeRawPointer($0.utf8Start) }
        // Compared in place, so that looking copies no entry.
        return byNumber[number].withUnsafeBufferPointer { entries in
            for index in entries.indices
            where entries[index].letter == letter && entries[index].field == field && entries[index].name == name {
                return entries[index].text
            }
            return nil
        }
    }

    /// Keeps `text`, the name made of these pieces, if there is room for it.
    func keep(_ text: String, _ letter: Unicode.Scalar, _ number: Int, field: StaticString?, _ name: String) {
        guard number < Self.numberLimit else { return }
        if number >= byNumber.count { byNumber += repeatElement([], count: number + 1 - byNumber.count) }
        guard byNumber[number].count < Self.entriesPerNumber else { return }
        byNumber[number].append(Entry(letter: letter, field: field.map { UnsafeRawPointer($0.utf8Start) }, name: name, text: text))
    }

    /// The text of the name `prefix`, `number`, `suffix` (``LabName/text``): the kept one,
    /// or `make()`'s, kept if there is room for it. Kept only for names whose pieces are
    /// string literals, as a numbered name's are.
    func text(_ prefix: StaticString, _ number: Int, _ suffix: StaticString, making make: () -> String) -> String {
        guard prefix.hasPointerRepresentation, suffix.hasPointerRepresentation, number >= 0, number < Self.numberLimit else {
            return make()
        }
        let prefixStart = UnsafeRawPointer(prefix.utf8Start)
        let suffixStart = UnsafeRawPointer(suffix.utf8Start)
        if number < numberedByNumber.count {
            let kept = numberedByNumber[number].withUnsafeBufferPointer { entries in
                entries.first { $0.prefix == prefixStart && $0.suffix == suffixStart }?.text
            }
            if let kept { return kept }
        } else {
            numberedByNumber += repeatElement([], count: number + 1 - numberedByNumber.count)
        }
        let text = make()
        if numberedByNumber[number].count < Self.entriesPerNumber {
            numberedByNumber[number].append(NumberedEntry(prefix: prefixStart, suffix: suffixStart, text: text))
        }
        return text
    }

    /// The string of `bytes`, which a ``TextWriter`` wrote: the kept one if the same text
    /// was written before and is still kept, else a new one, kept in its slot. A text short
    /// enough to be a small string, which needs no allocation, is made afresh.
    @usableFromInline static func text(written bytes: UnsafeBufferPointer<UInt8>) -> String {
        guard bytes.count > 15, bytes.count <= writtenLengthLimit else { return String(decoding: bytes, as: UTF8.self) }
        return withCurrent { $0.text(written: bytes) }
    }

    private func text(written bytes: UnsafeBufferPointer<UInt8>) -> String {
        let raw = UnsafeRawBufferPointer(bytes)
        // The length and the first and last eight bytes (there are sixteen at least).
        var hash = UInt64(bytes.count) &* 0x9E37_79B9_7F4A_7C15
        hash = (hash ^ raw.loadUnaligned(as: UInt64.self)) &* 0xBF58_476D_1CE4_E5B9
        hash = (hash ^ raw.loadUnaligned(fromByteOffset: raw.count - 8, as: UInt64.self)) &* 0x94D0_49BB_1331_11EB
        let slot = Int(truncatingIfNeeded: hash >> 56) & (Self.writtenSlotCount - 1)
        let keptBytes = writtenBytes + slot * Self.writtenLengthLimit
        if writtenCounts[slot] == bytes.count, memcmp(keptBytes, raw.baseAddress!, bytes.count) == 0 { return written[slot] }
        let text = String(decoding: bytes, as: UTF8.self)
        written[slot] = text
        keptBytes.copyMemory(from: raw.baseAddress!, byteCount: bytes.count)
        writtenCounts[slot] = bytes.count
        return text
    }
}
