/// The table `bench runloop` prints: one Markdown row per measured design, with each figure
/// set against the baselines.
///
/// Round trips are compared with the C eventfd ping-pong (lower is better, 1.00× is the
/// physical limit); throughput, with blocks that capture their item, is compared with
/// Foundation's run loop and with the serial DispatchQueue (higher is better). The
/// capture-free column is the same throughput with one block that captures nothing.
struct RunLoopBenchTable {
    /// The C eventfd ping-pong, the round-trip baseline.
    let eventfd: BenchFigures

    /// Foundation's run loop, the first throughput baseline.
    let foundation: BenchFigures

    /// The serial DispatchQueue, the second throughput baseline.
    let dispatch: BenchFigures

    /// RunLoop Lab's live run loop, when this build can measure it.
    let lab: BenchFigures?

    /// The table as Markdown, columns padded so that it also reads well in a terminal.
    func render() -> String {
        let header = [
            "row", "round trip p50", "round trip p99", "p50 vs eventfd", "p99 vs eventfd",
            "throughput", "vs Foundation", "vs DispatchQueue", "capture-free", "idle CPU",
        ]
        let rows = [lab, foundation, dispatch, eventfd].compactMap { $0 }.map(cells)
        let widths = header.indices.map { column in
            ([header] + rows).map { $0[column].count }.max() ?? 0
        }
        let rule = widths.enumerated().map { column, width in
            column == 0 ? String(repeating: "-", count: width) : String(repeating: "-", count: width - 1) + ":"
        }
        return ([header, rule] + rows).map { line(of: $0, widths: widths) }.joined(separator: "\n")
    }

    private func cells(of row: BenchFigures) -> [String] {
        let roundTrip = row.roundTrip
        let baseline = eventfd.roundTrip
        return [
            row.name,
            BenchFormat.duration(nanoseconds: roundTrip.p50),
            BenchFormat.duration(nanoseconds: roundTrip.p99),
            BenchFormat.ratio(Double(roundTrip.p50) / Double(max(baseline.p50, 1))),
            BenchFormat.ratio(Double(roundTrip.p99) / Double(max(baseline.p99, 1))),
            row.throughput.map { BenchFormat.rate(itemsPerSecond: $0.capturingItem.itemsPerSecond) }
                ?? BenchFormat.missing,
            throughputRatio(of: row, to: foundation),
            throughputRatio(of: row, to: dispatch),
            row.throughput.map { BenchFormat.rate(itemsPerSecond: $0.captureFree.itemsPerSecond) }
                ?? BenchFormat.missing,
            row.idleCPUPercent.map(BenchFormat.percent) ?? BenchFormat.missing,
        ]
    }

    private func throughputRatio(of row: BenchFigures, to baseline: BenchFigures) -> String {
        guard let measured = row.throughput, let reference = baseline.throughput else {
            return BenchFormat.missing
        }
        return BenchFormat.ratio(measured.capturingItem.itemsPerSecond / reference.capturingItem.itemsPerSecond)
    }

    private func line(of cells: [String], widths: [Int]) -> String {
        let padded = zip(cells, widths).enumerated().map { column, pair in
            let (cell, width) = pair
            let padding = String(repeating: " ", count: width - cell.count)
            return column == 0 ? cell + padding : padding + cell
        }
        return "| " + padded.joined(separator: " | ") + " |"
    }
}
