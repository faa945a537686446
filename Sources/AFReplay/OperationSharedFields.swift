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
/// `response`, `responseData`, `error` and `totalBytesRead`. Under ``Fidelity/hardened``
/// the same fields are accessed under the lock where the fixes of ``Fidelity`` say so.
final class OperationSharedFields: Sendable {
    let state: LabInlineCell<OperationState>
    let connection: LabInlineCell<Connection?>
    let outputStream: LabInlineCell<(any LabOutputStream)?>
    let response: LabInlineCell<HTTPResponseHead?>
    let responseData: LabInlineCell<[UInt8]?>
    let error: LabInlineCell<OperationError?>
    let totalBytesRead: LabInlineCell<Int64>

    /// The fields of the operation named `name`, in `runtime`, at their initial values,
    /// numbered in this order.
    init(of name: String, runtime: any Runtime) {
        state = LabInlineCell("state", of: name, .ready, runtime: runtime)
        connection = LabInlineCell("connection", of: name, nil, runtime: runtime) { $0.map(\.description) ?? "nil" }
        outputStream = LabInlineCell("outputStream", of: name, nil, runtime: runtime) { $0?.traceTypeName ?? "nil" }
        response = LabInlineCell("response", of: name, nil, runtime: runtime) { $0.map { "status \($0.statusCode)" } ?? "nil" }
        responseData = LabInlineCell("responseData", of: name, nil, runtime: runtime) { $0.map { "\($0.count) bytes" } ?? "nil" }
        error = LabInlineCell("error", of: name, nil, runtime: runtime) { $0.map(\.description) ?? "nil" }
        totalBytesRead = LabInlineCell("totalBytesRead", of: name, 0, runtime: runtime)
    }
}
