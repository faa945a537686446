import AFReplay
import LabRuntime
import LabTestSupport
import NetSim
import RunLoopKit
import Testing

/// NSSecureCoding and NSCopying of AFURLConnectionOperation and AFHTTPRequestOperation
/// (UCO.m and HRO.m, spec §3.15).
@Suite("Operation archiving and copying: encoding pauses, a Finished state comes back Ready, a copy is Ready")
struct OperationCodingTests {
    /// Runs an HTTP operation for `/big` (10 bytes in chunks 4,3,3, ETag "v1") whose first
    /// progress call, on main, runs `atFirstChunk` with the operation and the server.
    static func runBig(
        seed: UInt64, fidelity: Fidelity, atFirstChunk: @escaping @Sendable (HTTPRequestOperation) -> Void
    ) -> SimulationResult {
        simulate(seed: seed) {
            let server = makeServer()
            let op = HTTPRequestOperation(request: get("/big", on: server), server: server, fidelity: fidelity, name: "op A")
            let calls = Shared(0)
            op.downloadProgress = { _, _, _ in
                calls.update { $0 += 1 }
                if calls.value == 1 { atFirstChunk(op) }
            }
            op.start()
        }
    }

    @Test(
        "encoding a running operation pauses it and archives it Ready, with the Range its pause set; the decoded operation fetches the rest",
        arguments: Fidelity.allCases, seeds)
    func encodingPausesAndTheDecodedOperationResumes(fidelity: Fidelity, seed: UInt64) throws {
        let archived = Shared<OperationArchive?>(nil)
        let original = Shared<OperationState?>(nil)
        let restored = Shared<HTTPRequestOperation?>(nil)
        let outcomes = Shared<[String]>([])
        let result = Self.runBig(seed: seed, fidelity: fidelity) { op in
            let archive = op.encoded()
            archived.update { $0 = archive }
            original.update { $0 = op.state }
            RunLoop.current.perform(afterDelay: .milliseconds(50), inModes: [.common]) {
                let copy = HTTPRequestOperation(decoding: archive, server: op.server, fidelity: fidelity, name: "op B")
                restored.update { $0 = copy }
                copy.setCompletionBlockWithSuccess(
                    { _, object in outcomes.append("success \(object.map { "\($0)" } ?? "nil")") },
                    failure: { _, error in outcomes.append("failure \(error.code)") })
                copy.start()
            }
        }
        #expect(result.outcome == .quiescent)
        #expect(original.value == .paused)
        let archive = try #require(archived.value)
        #expect(archive.state == .ready)
        #expect(archive.totalBytesRead == 4)
        #expect(archive.response?.statusCode == 200)
        #expect(archive.responseSerializer is HTTPResponseSerializer)
        if fidelity == .afn263 {
            // HRO.m's pause rewrote the request on the caller's thread, before it was read.
            #expect(archive.request.value(forHTTPHeaderField: "Range") == "bytes=4-")
            #expect(archive.request.value(forHTTPHeaderField: "If-Range") == "\"v1\"")
        }
        let copy = try #require(restored.value)
        #expect(copy.state == .finished)
        #expect(copy.sentRequests.first?.value(forHTTPHeaderField: "Range") == archive.request.value(forHTTPHeaderField: "Range"))
        #expect(outcomes.value.count == 1)
        #expect(result.transitions(of: "op A") == ["ready → executing", "executing → paused"])
        // Replaying the archived Ready through setState: on a Ready operation is rejected.
        #expect(result.transitions(of: "op B") == ["ready → ready rejected", "ready → executing", "executing → finished"])
        if fidelity == .afn263 {
            #expect(copy.response?.statusCode == 206)
            #expect(copy.responseData == Array(DeterministicBody(seed: 9).prefix(10).dropFirst(4)))
            #expect(copy.totalBytesRead == 10)
        }
    }

    @Test(
        "a finished operation archives Finished; decoding replays it through setState:, which rejects Ready → Finished, so it comes back Ready",
        arguments: Fidelity.allCases)
    func finishedComesBackReady(fidelity: Fidelity) throws {
        let decoded = Shared<(archive: OperationArchive, state: OperationState, data: [UInt8]?, read: Int64)?>(nil)
        let result = simulate(seed: 0) {
            let server = makeServer()
            let op = HTTPRequestOperation(request: get("/small", on: server), server: server, fidelity: fidelity, name: "op A")
            op.setCompletionBlockWithSuccess(
                { op, _ in
                    let archive = op.encoded()
                    let copy = HTTPRequestOperation(decoding: archive, server: op.server, fidelity: fidelity, name: "op B")
                    decoded.update { $0 = (archive, copy.state, copy.responseData, copy.totalBytesRead) }
                }, failure: { _, _ in })
            op.start()
        }
        #expect(result.outcome == .quiescent)
        let (archive, state, data, read) = try #require(decoded.value)
        #expect(archive.state == .finished)
        #expect(state == .ready)
        #expect(data == Array(DeterministicBody(seed: 7).prefix(10)))
        #expect(read == 10)
        #expect(result.transitions(of: "op B") == ["ready → finished rejected"])
        if fidelity == .afn263 {
            // The pause that encoding starts with found the operation finished, yet HRO.m's
            // override set Range from the fresh, empty stream the getter made.
            #expect(archive.request.value(forHTTPHeaderField: "Range") == "bytes=0-")
        }
    }

    @Test(
        "a copy of a paused operation is a new Ready operation with the Range request, the blocks, queue, group and serializer, without the completion block or stream",
        arguments: Fidelity.allCases)
    func copyOfPausedOperation(fidelity: Fidelity) throws {
        struct Seen: Sendable {
            var state: OperationState
            var range: String?
            var hasProgress: Bool
            var sameGroup: Bool
            var serializerIsJSON: Bool
            var hasCompletionBlock: Bool
            var hasStream: Bool
            var name: String
        }
        let seen = Shared<Seen?>(nil)
        let result = Self.runBig(seed: 0, fidelity: fidelity) { op in
            op.responseSerializer = JSONResponseSerializer()
            op.completionGroup = DispatchGroupModel(label: "group")
            op.completionBlock = {}
            op.pause()
            let copy = op.copy(named: "op B")
            seen.update {
                $0 = Seen(
                    state: copy.state, range: copy.request.value(forHTTPHeaderField: "Range"),
                    hasProgress: copy.downloadProgress != nil, sameGroup: copy.completionGroup === op.completionGroup,
                    serializerIsJSON: copy.responseSerializer is JSONResponseSerializer,
                    hasCompletionBlock: copy.completionBlock != nil, hasStream: copy.currentOutputStream != nil,
                    name: copy.traceName)
            }
        }
        #expect(result.outcome == .quiescent)
        let copy = try #require(seen.value)
        #expect(copy.state == .ready)
        #expect(copy.hasProgress && copy.sameGroup && copy.serializerIsJSON)
        #expect(!copy.hasCompletionBlock && !copy.hasStream)
        #expect(copy.name == "op B")
        if fidelity == .afn263 { #expect(copy.range == "bytes=4-") }
    }
}
