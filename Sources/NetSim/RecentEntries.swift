/// The entries one pthread kept last, at most ``limit``, the oldest going first when a new
/// one comes: what ``ResponsePlanCache`` and ``ResponseHeadCache`` keep, each in a
/// ``LabRuntime/PthreadLocal``, so that only its own pthread ever touches one.
final class RecentEntries<Entry> {
    /// The entries, oldest first.
    private(set) var entries: [Entry] = []
    private let limit: Int

    /// An empty list that keeps at most `limit` entries.
    init(limit: Int) {
        self.limit = limit
    }

    /// Keeps `entry`, in place of the oldest once ``limit`` are kept.
    func keep(_ entry: Entry) {
        if entries.count == limit { entries.removeFirst() }
        entries.append(entry)
    }
}
