import Foundation
import Inspector

/// The JSON form of a ``ShardReport``: keys sorted, two-space indented, one trailing newline,
/// so that equal reports are equal files.
enum ShardReportJSON {
    /// `report` as JSON text.
    static func encode(_ report: ShardReport) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        // Encoding plain strings, numbers, booleans and arrays cannot fail.
        let data = try! encoder.encode(report)
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// The report in `text`, read from `path`.
    ///
    /// - Throws: ``UsageError`` naming `path` and what is wrong when `text` is not a report.
    static func decode(_ text: String, path: String, usage: String) throws(UsageError) -> ShardReport {
        let problem: String
        do {
            return try JSONDecoder().decode(ShardReport.self, from: Data(text.utf8))
        } catch let DecodingError.keyNotFound(key, _) {
            problem = "no '\(key.stringValue)'"
        } catch let DecodingError.dataCorrupted(context) {
            problem = context.debugDescription
        } catch let DecodingError.typeMismatch(_, context) {
            problem = "'\(context.codingPath.map(\.stringValue).joined(separator: "."))' has the wrong type"
        } catch {
            problem = "\(error)"
        }
        throw UsageError(message: "\(path) is not an explore report: \(problem)", usage: usage)
    }
}
