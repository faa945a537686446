import AFReplay

/// What an `expect` line checks once the run is over.
indirect enum ExpectationKind: Sendable, Equatable {
    /// `expect A.state == finished` and the other properties of an operation.
    case property(operation: String, OperationProperty, Comparison, ExpectedValue)
    /// `expect t.state == suspended`: a session task's state (`NSURLSessionTaskState`).
    case taskState(task: String, Comparison, SessionTaskState)
    /// `expect notifications(A) == [DidStart, DidFinish]`: the AFNetworking notifications
    /// posted about A, in order.
    case notifications(operation: String, [String])
    /// `expect "perform.run" before "timer.fire"`: both happen, and the first of the
    /// former comes before the first of the latter.
    case order(EventFilter, before: EventFilter)
    /// `expect event "timer.fire" count == 3`.
    case count(EventFilter, Comparison, Int)
    /// `expect outcome == quiescent`.
    case outcome(Comparison, String)
    /// `expect indicator == 0`: the network activity indicator's final count.
    case indicator(Comparison, Int)
    /// `expect checker lock-order clean` / `finds ["text"]`.
    case checker(name: String, CheckerVerdict)
    /// `expect A.header "Range" == "bytes=4-"`: a header field of the request A's latest
    /// connection was made with; nil for `none`.
    case header(operation: String, field: String, Comparison, String?)
    /// `expect A.redirects == [302 /old -> GET /new, …]`: every redirect A's connections were
    /// offered and the answer, in order (``RedirectHop``'s description).
    case redirects(operation: String, Comparison, [String])
    /// `expect progress(A) == [(4, 4, 10), …]`: every call of A's progress block, in order.
    case progress(operation: String, [ProgressCall])
    /// `expect A.data == body /big` or `== "text"`: the bytes of `responseData`, in order.
    case dataContent(operation: String, Comparison, DataContent)
    /// `expect S.status == closed` / `expect S.written == 4`: a declared output stream.
    case stream(name: String, StreamProperty, Comparison, ExpectedValue)
    /// `expect C.value == 2`: a declared cell's value, read from its last access in the
    /// trace (`initial` when it was never accessed).
    case cell(name: String, initial: Int, Comparison, Int)
    /// `expect Z.progress == [(1, 2), (2, 2)]`: every call of a batch's progress block.
    case batchProgress(name: String, [BatchProgress])
    /// `expect Z.completed == true`: whether a batch's completion block ran.
    case batchCompleted(name: String, Comparison, Bool)
    /// `expect at NAME: X`: X checked against the run as it was when the checkpoint ran.
    case at(checkpoint: String, ExpectationKind)
    /// `expect not X`: holds when X does not.
    case not(ExpectationKind)
    /// `expect X implies Y`: holds when X does not, or when Y does. Each side keeps its
    /// text as written, for the report.
    case implies(premise: ExpectationClause, consequent: ExpectationClause)

    /// Whether the expectation needs the finished run (`outcome`, `checker`), so cannot be
    /// checked at a checkpoint.
    var needsFinishedRun: Bool {
        switch self {
        case .outcome, .checker: true
        case let .not(inner), let .at(_, inner): inner.needsFinishedRun
        case let .implies(premise, consequent): premise.expectation.needsFinishedRun || consequent.expectation.needsFinishedRun
        default: false
        }
    }
}

/// What `expect S.…` reads of a declared stream.
enum StreamProperty: String, Sendable, Equatable {
    /// `streamStatus`: `notOpen`, `open`, `closed` or `error`.
    case status
    /// How many bytes it has taken.
    case written
}

/// One side of an `implies`: what it checks, and how it reads in the scenario.
struct ExpectationClause: Sendable, Equatable {
    /// The side as written, e.g. `A.cancelled == true`.
    let text: String
    /// What it checks.
    let expectation: ExpectationKind
}

/// The bytes `expect A.data ==` compares `responseData` with: a route's body (whole, or
/// from an offset) or the UTF-8 bytes of a string.
struct DataContent: Sendable, Equatable, CustomStringConvertible {
    /// How the line wrote it: `body /big`, `body /big from 4`, or `"text"`.
    let description: String
    /// The bytes.
    let bytes: [UInt8]
}
