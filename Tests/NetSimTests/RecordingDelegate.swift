import LabRuntime
import NetSim
import RunLoopKit
import Synchronization

/// A ``ConnectionDelegate`` that records every message it gets, with the thread and the
/// run-loop mode it arrived in, and runs `onEnd` after the final one.
final class RecordingDelegate: ConnectionDelegate {
    /// One delegate message.
    enum Call: Equatable, CustomStringConvertible {
        case response(Int)
        case data(Int)
        case finished
        case failed(NetError.Code)

        /// Whether this is a final message (finish or failure).
        var isFinal: Bool {
            switch self {
            case .finished, .failed: true
            case .response, .data: false
            }
        }

        var description: String {
            switch self {
            case let .response(status): "response \(status)"
            case let .data(count): "data \(count)"
            case .finished: "finished"
            case let .failed(code): "failed \(code.rawValue)"
            }
        }
    }

    struct Log {
        var calls: [Call] = []
        var body: [UInt8] = []
        var head: HTTPResponseHead?
        var error: NetError?
        var places: [String] = []
        var redirects: [String] = []
    }

    let traceName: String
    private let log = Mutex(Log())
    private let onMessage: @Sendable (Connection, Call) -> Void
    private let onEnd: @Sendable () -> Void
    private let redirect: @Sendable (HTTPRequest, HTTPResponseHead) -> HTTPRequest?

    init(
        _ traceName: String = "op A", onEnd: @escaping @Sendable () -> Void = {},
        redirect: @escaping @Sendable (HTTPRequest, HTTPResponseHead) -> HTTPRequest? = { request, _ in request },
        onMessage: @escaping @Sendable (Connection, Call) -> Void = { _, _ in }
    ) {
        self.traceName = traceName
        self.onMessage = onMessage
        self.onEnd = onEnd
        self.redirect = redirect
    }

    var calls: [Call] { log.withLock { $0.calls } }
    var body: [UInt8] { log.withLock { $0.body } }
    var head: HTTPResponseHead? { log.withLock { $0.head } }
    var error: NetError? { log.withLock { $0.error } }
    /// `thread name / mode` of each message.
    var places: [String] { log.withLock { $0.places } }
    /// Each redirect offered, as `STATUS METHOD /path`, with the thread it arrived on.
    var redirects: [String] { log.withLock { $0.redirects } }
    var hasEnded: Bool { log.withLock { $0.calls.last == .finished || $0.error != nil } }

    private func note(_ call: Call, _ connection: Connection, _ update: (inout Log) -> Void = { _ in }) {
        let place = "\(LabThread.current.name) / \(RunLoop.current.currentMode?.name ?? "no mode")"
        log.withLock { log in
            log.calls.append(call)
            log.places.append(place)
            update(&log)
        }
        onMessage(connection, call)
    }

    func connection(_ connection: Connection, willSend request: HTTPRequest, redirectResponse: HTTPResponseHead) -> HTTPRequest? {
        let offered = "\(redirectResponse.statusCode) \(request.method) \(request.url.pathAndQuery) on \(LabThread.current.name)"
        log.withLock { $0.redirects.append(offered) }
        return redirect(request, redirectResponse)
    }

    func connection(_ connection: Connection, didReceive response: HTTPResponseHead) {
        note(.response(response.statusCode), connection) { $0.head = response }
    }

    func connection(_ connection: Connection, didReceive data: [UInt8]) {
        note(.data(data.count), connection) { $0.body += data }
    }

    func connectionDidFinishLoading(_ connection: Connection) {
        note(.finished, connection)
        onEnd()
    }

    func connection(_ connection: Connection, didFailWithError error: NetError) {
        note(.failed(error.code), connection) { $0.error = error }
        onEnd()
    }
}
