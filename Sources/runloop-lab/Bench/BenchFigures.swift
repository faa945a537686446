/// The measured figures of one row of a benchmark table.
struct BenchFigures: Equatable, Sendable {
    /// The row's name, such as `serial DispatchQueue`.
    let name: String

    /// Cross-thread round trips.
    let roundTrip: LatencySample

    /// One-way throughput from one producer; `nil` where the row has no such figure.
    let throughput: OneWayThroughput?

    /// The process's CPU use, in percent of one core, while the row's thread sits idle;
    /// `nil` when not measured.
    let idleCPUPercent: Double?
}
