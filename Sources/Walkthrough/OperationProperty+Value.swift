import AFReplay
import NetSim

extension OperationProperty {
    /// The property's value in `report`.
    func value(in report: OperationReport) -> PropertyValue {
        switch self {
        case .state: .word(report.state.description)
        case .error: report.error.map { .number($0.code, name: report.errorName) } ?? .word("none")
        case .cancelled: .word(report.isCancelled ? "true" : "false")
        case .bytes: .number(Int(report.bytes), name: "\(report.bytes)")
        case .data: report.dataLength.map { .number($0, name: "\($0)") } ?? .word("none")
        case .status: report.status.map { .number($0, name: "\($0)") } ?? .word("none")
        case .completion: .word(report.completionName)
        case .errorDomain: report.error.map { .text($0.domain) } ?? .word("none")
        case .errorCode: report.error.map { .number($0.code, name: "\($0.code)") } ?? .word("none")
        case .errorURL: Self.failingURL(of: report.error).map { .text($0) } ?? .word("none")
        case .connection: .word(report.hasConnection ? "set" : "nil")
        case .outputStream: .word(report.outputStreamName ?? "nil")
        case .completionBlock: .word(report.hasCompletionBlock ? "set" : "nil")
        case .queued: .word(report.isQueued ? "true" : "false")
        case .connections: .number(report.sentRequests.count, name: "\(report.sentRequests.count)")
        case .url: report.responseURL.map { .text($0.pathAndQuery) } ?? .word("none")
        }
    }

    /// The path and query of an NSURLError's failing URL (`NSURLErrorFailingURLErrorKey`).
    private static func failingURL(of error: OperationError?) -> String? {
        guard case let .url(error)? = error, let url = error.failingURL else { return nil }
        return LabURL(string: url)?.pathAndQuery ?? url
    }
}
