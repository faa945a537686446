/// The table `bench network` prints: per workload, the AFReplay row and the C poll()
/// reader, with the AFReplay throughput as a fraction of the reader's.
struct NetworkBenchTable {
    /// The measured pairs, one per workload, in order.
    let rows: [(lab: NetworkFigures, limit: NetworkFigures)]

    /// The table as Markdown, columns padded so that it also reads well in a terminal.
    func render() -> String {
        let header = ["operations", "row", "max open", "completion time", "MB/s", "vs C", "peak fds", "peak RSS", "failed"]
        let body = rows.flatMap { pair in
            [
                cells(of: pair.lab, ratio: pair.lab.megabytesPerSecond / max(pair.limit.megabytesPerSecond, 1e-9)),
                cells(of: pair.limit, ratio: nil),
            ]
        }
        let widths = header.indices.map { column in ([header] + body).map { $0[column].count }.max() ?? 0 }
        let rule = widths.enumerated().map { column, width in
            column == 1 ? String(repeating: "-", count: width) : String(repeating: "-", count: width - 1) + ":"
        }
        return ([header, rule] + body).map { line(of: $0, widths: widths) }.joined(separator: "\n")
    }

    private func cells(of row: NetworkFigures, ratio: Double?) -> [String] {
        [
            "\(row.operations)",
            row.name,
            "\(row.maxOpen)",
            BenchFormat.duration(nanoseconds: row.nanoseconds),
            BenchFormat.megabytesPerSecond(row.megabytesPerSecond),
            ratio.map(BenchFormat.ratio) ?? BenchFormat.missing,
            row.peakDescriptors.map { "\($0)" } ?? BenchFormat.missing,
            row.peakResidentKiB.map(BenchFormat.kibibytes) ?? BenchFormat.missing,
            "\(row.failed)",
        ]
    }

    private func line(of cells: [String], widths: [Int]) -> String {
        let padded = zip(cells, widths).enumerated().map { column, pair in
            let (cell, width) = pair
            let padding = String(repeating: " ", count: width - cell.count)
            return column == 1 ? cell + padding : padding + cell
        }
        return "| " + padded.joined(separator: " | ") + " |"
    }
}
