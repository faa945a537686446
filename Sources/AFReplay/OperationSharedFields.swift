import LabRuntime
import NetSim

/// The fields of an `AFURLConnectionOperation` that 2.6.3 reads or writes without the
/// operation lock, each a ``LabInlineCell``: every unlocked access is a scheduling point and
/// a `cell.*` trace event, so the explorer can run another thread between any two of them
/// and the data-race checker sees them. The cells live in this one object, so that making an
/// operation allocates once for all of them and its network thread finds them together.
///
/// The nonatomic properties of UCO.m: `state` (read behind `isReady`, `isExecuting`,
/// `isFinished` and `isPaused`), `connection`, `outputStream` (its unlocked getter),
/// `response`, `responseData`, `error`, `totalBytesRead` and `request` (read by
/// `operationDidStart` under the lock and by `cancelConnection` without it, written by
/// AFHTTPRequestOperation's `pause` without it). Under ``Fidelity/hardened``
/// the same fields are accessed under the lock where the fixes of ``Fidelity`` say so.
final class OperationSharedFields: Sendable {
    let state: LabInlineCell<OperationState>
    let connection: LabInlineCell<Connection?>
    let outputStream: LabInlineCell<(any LabOutputStream)?>
    let response: LabInlineCell<HTTPResponseHead?>
    let responseData: LabInlineCell<[UInt8]?>
    let error: LabInlineCell<OperationError?>
    let totalBytesRead: LabInlineCell<Int64>
    let request: LabInlineCell<HTTPRequest>

    /// The fields of the operation named `name`, in `runtime`, at their initial values
    /// (`request` holding `request`), numbered in this order.
    init(of name: String, request: HTTPRequest, runtime: any Runtime) {
        state = LabInlineCell("state", of: name, .ready, runtime: runtime)
        connection = LabInlineCell("connection", of: name, nil, runtime: runtime) { $0.map(\.description) ?? "nil" }
        outputStream = LabInlineCell("outputStream", of: name, nil, runtime: runtime) { $0?.traceTypeName ?? "nil" }
        response = LabInlineCell("response", of: name, nil, runtime: runtime) { $0.map { "status \($0.statusCode)" } ?? "nil" }
        responseData = LabInlineCell("responseData", of: name, nil, runtime: runtime) { $0.map { "\($0.count) bytes" } ?? "nil" }
        error = LabInlineCell("error", of: name, nil, runtime: runtime) { $0.map(\.description) ?? "nil" }
        totalBytesRead = LabInlineCell("totalBytesRead", of: name, 0, runtime: runtime)
        self.request = LabInlineCell("request", of: name, request, runtime: runtime) { $0.traceSummary }
    }
}

extension HTTPRequest {
    /// How a trace shows a `request` cell's value: the method and path, and the `Range`
    /// field when there is one (`GET /file Range: bytes=512-`), which is what a pause changes.
    fileprivate var traceSummary: String {
        let line = "\(method) \(url.path)"
        return value(forHTTPHeaderField: "Range").map { "\(line) Range: \($0)" } ?? line
    }
}
