/// One part of an exploration split over processes or machines: shard ``index`` of
/// ``count``, numbered from 0 (as Kubernetes' `JOB_COMPLETION_INDEX` is).
///
/// The partition is over the explorer's run numbers, which every strategy assigns in its
/// own search order independently of `--jobs`: shard `k` of `n` makes the `k`-th of `n`
/// contiguous, nearly equal blocks of them. A strategy whose run `i` is made from `i` alone
/// (random and PCT: seed + i) plugs in by searching only ``runs(of:)``. Because blocks are
/// contiguous and in order, the whole run's first violation is the first shard's (in index
/// order) that found one, and its counts are the sums up to that shard: see
/// ``ShardReport/merge(_:)``. A bounded search splits each level's subtrees into blocks the
/// same way (see ``LevelReport``).
public struct Shard: Sendable, Hashable, Codable, CustomStringConvertible {
    /// This shard's number, from 0 to ``count`` − 1.
    public let index: Int
    /// How many shards the exploration is split into.
    public let count: Int

    /// Shard `index` of `count`, or `nil` unless `0 <= index < count`.
    public init?(index: Int, count: Int) {
        guard count >= 1, (0..<count).contains(index) else { return nil }
        self.index = index
        self.count = count
    }

    /// The unsplit exploration: shard 0 of 1.
    public static let whole = Shard(index: 0, count: 1)!

    /// Decodes a shard, refusing an index outside its count.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let index = try container.decode(Int.self, forKey: .index)
        let count = try container.decode(Int.self, forKey: .count)
        guard let shard = Shard(index: index, count: count) else {
            throw DecodingError.dataCorruptedError(forKey: .index, in: container, debugDescription: "no shard \(index) of \(count)")
        }
        self = shard
    }

    /// Whether this is the whole exploration.
    public var isWhole: Bool { count == 1 }

    /// This shard's block of the run numbers `0..<total`.
    public func runs(of total: Int) -> Range<Int> {
        bound(index, of: total)..<bound(index + 1, of: total)
    }

    private func bound(_ block: Int, of total: Int) -> Int {
        Int((Int128(total) * Int128(block)) / Int128(count))
    }

    /// `"2/8"`: the index, then the count, as `explore --shard` takes it.
    public var description: String { "\(index)/\(count)" }
}
