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
        }
    }
}
