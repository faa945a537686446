import Glibc

/// The trace names (``Swift/String/init(traceNameOf:_:field:_:)``) and numbered
/// ``LabName``s made on one pthread, kept for the runs that follow on it.
///
/// A search's runs name the same cells, locks, sockets and timers with the same numbers:
/// taking a kept name costs a comparison, where making one costs its text, an allocation
/// when it is long, and a free. Each pthread keeps its own, so that runs on different
/// pthreads (a search's jobs) never share a name's reference count; it keeps at most
/// ``entriesPerNumber`` names of each sort for each number below ``numberLimit``, and
/// makes any other name afresh.
final class TraceNameCache {
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
    private static let numberLimit = 256
    private static let entriesPerNumber = 8

    /// The key of each pthread's cache, whose destructor releases it when the pthread exits.
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        let status = pthread_key_create(&key) { pointer in
            Unmanaged<TraceNameCache>.fromOpaque(pointer!).release()
        }
        precondition(status == 0, "pthread_key_create failed: \(status)")
        return key
    }()

    /// The calling pthread's cache, made at its first name.
    static var current: TraceNameCache {
        if let pointer = pthread_getspecific(key) { return Unmanaged<TraceNameCache>.fromOpaque(pointer).takeUnretainedValue() }
        let cache = TraceNameCache()
        pthread_setspecific(key, Unmanaged.passRetained(cache).toOpaque())
        return cache
    }

    /// The kept name for these pieces, if there is one.
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
}
