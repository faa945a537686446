import LabRuntime
import NetSim

/// The fields of an `AFURLConnectionOperation` that 2.6.3 reads or writes without the
/// operation lock, each a ``LabCell``: every unlocked access is a scheduling point and a
/// `cell.*` trace event, so the explorer can run another thread between any two of them
/// and the data-race checker sees them.
///
/// The nonatomic properties of UCO.m: `state` (read behind `isReady`, `isExecuting`,
/// `isFinished` and `isPaused`), `connection`, `outputStream` (its unlocked getter),
/// `response`, `responseData`, `error` and `totalBytesRead`. Under ``Fidelity/hardened``
/// the same fields are accessed under the lock where the fixes of ``Fidelity`` say so.
struct OperationSharedFields: Sendable {
    let state: LabCell<OperationState>
    let connection: LabCell<Connection?>
    let outputStream: LabCell<(any LabOutputStream)?>
    let response: LabCell<HTTPResponseHead?>
    let responseData: LabCell<[UInt8]?>
    let error: LabCell<OperationError?>
    let totalBytesRead: LabCell<Int64>

    /// The fields of the operation named `name`, in `runtime`, at their initial values.
    init(of name: String, runtime: any Runtime) {
        state = LabCell(String(joining: "state of ", name), .ready, runtime: runtime)
        connection = LabCell(String(joining: "connection of ", name), nil, runtime: runtime) { $0.map(\.description) ?? "nil" }
        outputStream = LabCell(String(joining: "outputStream of ", name), nil, runtime: runtime) { $0?.traceTypeName ?? "nil" }
        response = LabCell(String(joining: "response of ", name), nil, runtime: runtime) { $0.map { "status \($0.statusCode)" } ?? "nil" }
        responseData = LabCell(String(joining: "responseData of ", name), nil, runtime: runtime) { $0.map { "\($0.count) bytes" } ?? "nil" }
        error = LabCell(String(joining: "error of ", name), nil, runtime: runtime) { $0.map(\.description) ?? "nil" }
        totalBytesRead = LabCell(String(joining: "totalBytesRead of ", name), 0, runtime: runtime)
    }
}
