import AFReplay
import LabRuntime
import LabTestSupport
import NetSim
import RunLoopKit
import Testing

/// AFHTTPRequestOperation over the loopback server (spec §3.10–§3.14).
@Suite("HTTPRequestOperation: the happy path, cancel while live, pause/resume with Range and ETag")
struct HTTPRequestOperationTests {
    /// What a success or failure block saw, captured on the thread it ran on.
    struct Outcome: Sendable, Equatable {
        var kind: String
        var object: ResponseObject?
        var errorCode: Int?
        var thread: String
    }

    /// Starts an HTTP operation for `path` with `serializer`, recording the outcome.
    static func run(
        _ path: String, seed: UInt64, fidelity: Fidelity = .afn263,
        serializer: any ResponseSerializer = HTTPResponseSerializer(),
        configure: @escaping @Sendable (HTTPRequestOperation) -> Void = { _ in }
    )
        -> (SimulationResult, HTTPRequestOperation, [Outcome])
    {
        let operation = Shared<HTTPRequestOperation?>(nil)
        let outcomes = Shared<[Outcome]>([])
        let result = simulate(seed: seed) {
            let server = makeServer()
            server.route("GET", "/missing", RouteScript(status: 404, contentType: "application/json", body: .text(#"{"error":"nope"}"#)))
            server.route("GET", "/html", RouteScript(contentType: "text/html; charset=utf-8", body: .text("<p>hi</p>")))
            server.route("GET", "/broken-json", RouteScript(contentType: "application/json", body: .text("{\"a\":")))
            let op = HTTPRequestOperation(request: get(path, on: server), server: server, fidelity: fidelity, name: "op A")
            op.responseSerializer = serializer
            operation.update { $0 = op }
            op.setCompletionBlockWithSuccess(
                { op, object in
                    outcomes.append(Outcome(kind: "success", object: object, thread: LabThread.current.name))
                },
                failure: { op, error in
                    outcomes.append(
                        Outcome(kind: "failure", object: op.responseObject, errorCode: error.code, thread: LabThread.current.name))
                })
            configure(op)
            op.start()
        }
        return (result, operation.value!, outcomes.value)
    }

    @Test(
        "happy path: JSON parsed, success on main after four hops, progress on main, the body in responseData",
        arguments: Fidelity.allCases, seeds)
    func happyPath(fidelity: Fidelity, seed: UInt64) throws {
        let progress = Shared<[String]>([])
        let (result, op, outcomes) = Self.run("/json", seed: seed, fidelity: fidelity, serializer: JSONResponseSerializer()) { op in
            op.downloadProgress = { read, total, expected in progress.append("\(read) \(total) \(expected) \(LabThread.current.name)") }
        }
        #expect(result.outcome == .quiescent)
        let body = #"{"ok":true,"n":[1,2]}"#
        #expect(
            outcomes == [
                Outcome(
                    kind: "success", object: .json(.object([("ok", .bool(true)), ("n", .array([.number("1"), .number("2")]))])),
                    thread: "main")
            ])
        #expect(op.state == .finished && op.error == nil)
        #expect(op.responseData == Array(body.utf8))
        #expect(op.totalBytesRead == Int64(body.utf8.count))
        #expect(op.response?.statusCode == 200)
        #expect(progress.value == ["\(body.utf8.count) \(body.utf8.count) \(body.utf8.count) main"])
        #expect(result.notifications(of: "op A") == ["DidStart", "DidFinish"])
        let hops = result.completions(of: "op A").map(\.thread)
        #expect(hops.count == 4)
        #expect(hops[0].hasPrefix("NSOperation completion #"))
        #expect(hops[1] == "main")
        #expect(
            result.events("perform.run").contains {
                $0.threadName.hasPrefix("com.alamofire.networking.http-request.processing #")
                    && $0.kind.detail.hasPrefix("process response of op A")
            })
        #expect(
            hops[2].hasPrefix("com.alamofire.networking.operation.queue #")
                || hops[3].hasPrefix("com.alamofire.networking.operation.queue #"))
        #expect(result.completions(of: "op A").map(\.block).contains("success"))
        #expect(result.completions(of: "op A").first { $0.block == "success" }?.thread == "main")
    }

    @Test("the raw-data serializer (the default) returns the body")
    func rawData() {
        let (result, _, outcomes) = Self.run("/small", seed: 0)
        #expect(result.outcome == .quiescent)
        #expect(outcomes == [Outcome(kind: "success", object: .data(DeterministicBody(seed: 7).prefix(10)), thread: "main")])
    }

    @Test("serializer failures: 404 parses the JSON but fails with −1011; an HTML type fails −1016; broken JSON 3840")
    func serializerFailures() {
        let (_, missing, notFound) = Self.run("/missing", seed: 0, serializer: JSONResponseSerializer())
        #expect(
            notFound == [Outcome(kind: "failure", object: .json(.object([("error", .string("nope"))])), errorCode: -1011, thread: "main")])
        #expect(missing.error?.domain == ResponseSerializationError.responseDomain)
        let (_, _, html) = Self.run("/html", seed: 0, serializer: JSONResponseSerializer())
        #expect(html == [Outcome(kind: "failure", object: nil, errorCode: -1016, thread: "main")])
        let (_, broken, invalid) = Self.run("/broken-json", seed: 0, serializer: JSONResponseSerializer())
        #expect(invalid == [Outcome(kind: "failure", object: nil, errorCode: 3840, thread: "main")])
        #expect(broken.error?.domain == "NSCocoaErrorDomain")
    }

    @Test(
        "setting the serializer after a failure clears the cached object and the serializer's error under the operation lock: the next read serializes again",
        arguments: seeds)
    func settingTheSerializerClearsTheCachedObject(seed: UInt64) {
        let seen = Shared<[String]>([])
        let result = simulate(seed: seed) {
            let server = makeServer()
            server.route("GET", "/html", RouteScript(contentType: "text/html; charset=utf-8", body: .text("<p>hi</p>")))
            let op = HTTPRequestOperation(request: get("/html", on: server), server: server, fidelity: .afn263, name: "op A")
            op.responseSerializer = JSONResponseSerializer()
            op.setCompletionBlockWithSuccess(
                nil,
                failure: { op, error in
                    seen.append("failure \(error.code), object \(op.responseObject == nil ? "none" : "some")")
                    op.responseSerializer = HTTPResponseSerializer()
                    seen.append("error \(op.error.map { "\($0.code)" } ?? "none")")
                    seen.append("object \(op.responseObject ?? .data([]))")
                })
            op.start()
        }
        #expect(result.outcome == .quiescent)
        #expect(
            seen.value == [
                "failure -1016, object none", "error none", "object \(ResponseObject.data(Array("<p>hi</p>".utf8)))",
            ])
        // In the failure block, main takes the operation lock three times: the first read of
        // responseObject, the setter, and the second read.
        let operationLock = result.trace.filter { $0.kind.detail.contains("com.alamofire.networking.operation.lock") }
        let inFailureBlock = operationLock.reversed().prefix { $0.threadName == "main" }.filter { $0.name == "lock.acquire" }
        #expect(inFailureBlock.count == 3)
    }

    @Test(
        "cancel while the connection is live: −999 failure, no callback after the cancel, bytes so far counted",
        arguments: Fidelity.allCases, seeds)
    func cancelWhileLive(fidelity: Fidelity, seed: UInt64) {
        let (result, op, outcomes) = Self.run("/big", seed: seed, fidelity: fidelity) { op in
            op.downloadProgress = { _, _, _ in op.cancel() }
        }
        #expect(result.outcome == .quiescent)
        #expect(outcomes.map(\.kind) == ["failure"] && outcomes.first?.errorCode == -999)
        #expect(op.state == .finished && op.isCancelled && op.error?.isCancellation == true)
        #expect(op.totalBytesRead == 4)
        #expect(op.responseData == nil)
        let cancelled = result.trace.firstIndex { $0.kind == .connectionCancelled(connection: 0) }!
        #expect(
            !result.trace[cancelled...].contains { event in
                if case let .delegateCallback(connection, callback, _) = event.kind {
                    connection == 0 && !callback.contains("cancelConnection")
                } else {
                    false
                }
            })
        #expect(
            result.details("connection.callback") == [
                "C0 didReceiveResponse 200 → op A", "C0 didReceiveData 4 bytes → op A",
                "C0 didFailWithError (from cancelConnection) → op A",
            ])
    }

    @Test(
        "pause on a finished operation changes no state, yet sets Range and If-Range (HRO.m: unconditional), from a fresh empty stream",
        arguments: Fidelity.allCases, seeds)
    func pauseWhenFinishedStillSetsRange(fidelity: Fidelity, seed: UInt64) {
        let (result, op, outcomes) = Self.run("/big", seed: seed, fidelity: fidelity) { op in
            op.setCompletionBlockWithSuccess({ op, _ in op.pause() }, failure: { _, _ in })
        }
        #expect(result.outcome == .quiescent)
        #expect(outcomes.isEmpty)
        #expect(op.state == .finished)
        // connectionDidFinishLoading: released the stream; the getter makes an empty one.
        #expect(op.request.value(forHTTPHeaderField: "Range") == "bytes=0-")
        #expect(op.request.value(forHTTPHeaderField: "If-Range") == "\"v1\"")
        #expect(result.details("connection.create").count == 1)
    }

    @Test(
        "pause after the first chunk, resume later: Range bytes=4- with If-Range \"v1\", a 206 appended to the same stream",
        arguments: Fidelity.allCases, seeds)
    func pauseResumeWithRange(fidelity: Fidelity, seed: UInt64) {
        let (result, op, outcomes) = Self.run("/big", seed: seed, fidelity: fidelity) { op in
            let calls = Shared(0)
            op.downloadProgress = { _, _, _ in
                calls.update { $0 += 1 }
                guard calls.value == 1 else { return }
                op.pause()
                RunLoop.current.perform(afterDelay: .milliseconds(50), inModes: [.common]) { op.resume() }
            }
        }
        #expect(result.outcome == .quiescent)
        #expect(outcomes.map(\.kind) == ["success"])
        #expect(outcomes.first?.object == .data(DeterministicBody(seed: 9).prefix(10)))
        #expect(op.request.value(forHTTPHeaderField: "Range") == "bytes=4-")
        #expect(op.request.value(forHTTPHeaderField: "If-Range") == "\"v1\"")
        #expect(op.response?.statusCode == 206)
        #expect(op.response?.expectedContentLength == 6)
        #expect(op.totalBytesRead == 10)
        #expect(result.details("connection.create").count == 2)
        #expect(
            result.transitions(of: "op A") == [
                "ready → executing", "executing → paused", "paused → ready",
                "ready → executing", "executing → finished",
            ])
    }

    @Test("a changed ETag defeats If-Range: the server sends the whole entity again (200), appended after the old bytes")
    func ifRangeMismatch() {
        let (result, op, outcomes) = Self.run("/big", seed: 0) { op in
            let calls = Shared(0)
            op.downloadProgress = { _, _, _ in
                calls.update { $0 += 1 }
                guard calls.value == 1 else { return }
                op.pause()
                op.server.route("GET", "/big", .bytes(10, seed: 9, chunks: [4, 3, 3], gap: .milliseconds(5), etag: "\"v2\""))
                RunLoop.current.perform(afterDelay: .milliseconds(50), inModes: [.common]) { op.resume() }
            }
        }
        #expect(result.outcome == .quiescent)
        #expect(op.response?.statusCode == 200)
        #expect(outcomes.first?.object == .data(DeterministicBody(seed: 9).prefix(4) + DeterministicBody(seed: 9).prefix(10)))
        #expect(op.totalBytesRead == 14)
    }
}
