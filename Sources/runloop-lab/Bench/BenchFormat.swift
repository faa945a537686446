import Foundation

/// How benchmark figures are written in tables: fixed precision and explicit units.
enum BenchFormat {
    /// The placeholder for a figure a row does not have.
    static let missing = "—"

    /// A duration, such as `850 ns`, `52.1 µs` or `1.23 ms`.
    static func duration(nanoseconds: Int64) -> String {
        switch nanoseconds {
        case ..<1_000: "\(nanoseconds) ns"
        case ..<1_000_000: String(format: "%.1f µs", Double(nanoseconds) / 1e3)
        default: String(format: "%.2f ms", Double(nanoseconds) / 1e6)
        }
    }

    /// A rate in millions of items per second, such as `2.31 M/s`.
    static func rate(itemsPerSecond: Double) -> String {
        String(format: "%.2f M/s", itemsPerSecond / 1e6)
    }

    /// A ratio, such as `1.04×`.
    static func ratio(_ value: Double) -> String {
        String(format: "%.2f×", value)
    }

    /// A percentage of one core, such as `0.03%`.
    static func percent(_ value: Double) -> String {
        String(format: "%.2f%%", value)
    }

    /// A data rate in megabytes (10⁶ bytes) per second, such as `812.4 MB/s`.
    static func megabytesPerSecond(_ value: Double) -> String {
        String(format: "%.1f MB/s", value)
    }

    /// A size given in KiB, as MiB, such as `41.2 MiB`.
    static func kibibytes(_ value: Int) -> String {
        String(format: "%.1f MiB", Double(value) / 1024)
    }

    /// A load average, such as `1.42`.
    static func loadAverage(_ value: Double) -> String {
        String(format: "%.2f", value)
    }
}
