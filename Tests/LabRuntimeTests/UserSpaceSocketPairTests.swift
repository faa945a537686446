import CSystem
import Glibc
import LabTestSupport
import Testing

@testable import LabRuntime

/// A simulated run's socket pair keeps its bytes, closes and pending errors in user space
/// (``UserSpaceSocketPair``) and answers every call as the kernel's `AF_UNIX` stream pair
/// would: the same calls, made on a pair from `LabFileDescriptor.socketPair` and on a real
/// `socketpair`, give the same results, before and after the pair moves into the kernel.
@Suite("A simulated socket pair in user space")
struct UserSpaceSocketPairTests {
    /// One call on one end of a pair.
    enum Call: CustomStringConvertible {
        case send(end: Int, count: Int)
        case receive(end: Int, first: Int, second: Int)
        case pendingError(end: Int)
        case poll(end: Int)
        case close(end: Int)
        /// Takes the end's raw descriptor: the simulated pair moves into the kernel.
        case takeRawValue(end: Int)

        var description: String {
            switch self {
            case let .send(end, count): "send \(count) from \(end)"
            case let .receive(end, first, second): "receive \(first)+\(second) at \(end)"
            case let .pendingError(end): "pending error of \(end)"
            case let .poll(end): "poll \(end)"
            case let .close(end): "close \(end)"
            case let .takeRawValue(end): "raw descriptor of \(end)"
            }
        }
    }

    /// A seeded sequence of `count` calls: mostly small sends and receives, some sends
    /// beyond the user-space capacity, a few closes and raw descriptors.
    static func calls(seed: UInt64, count: Int) -> [Call] {
        var state = seed &+ 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        let sizes = [1, 7, 100, 1000, 3000, 9000, 20000]
        return (0..<count).map { _ in
            let end = next(2)
            switch next(20) {
            case 0..<7: return .send(end: end, count: sizes[next(sizes.count)])
            case 7..<13: return .receive(end: end, first: [1, 5, 64, 4096][next(4)], second: [0, 3, 2048][next(3)])
            case 13..<15: return .pendingError(end: end)
            case 15..<18: return .poll(end: end)
            case 18: return next(4) == 0 ? .close(end: end) : .poll(end: end)
            default: return next(3) == 0 ? .takeRawValue(end: end) : .poll(end: end)
            }
        }
    }

    /// The bytes of the `index`th send from `end`: distinct per send, so a receive shows
    /// their order.
    static func bytes(count: Int, end: Int, index: Int) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ index &* 7 &+ end &* 101) }
    }

    /// What a call answered, as text.
    static func describe(_ result: Int, bytes: ArraySlice<UInt8> = []) -> String {
        guard result >= 0 else { return SystemCallError("call", errno: Int32(-result)).errnoName }
        return bytes.isEmpty ? "\(result)" : "\(result) \(bytes.reduce(0) { $0 &* 31 &+ Int($1) })"
    }

    /// The result of a kernel call, `-errno` on failure.
    static func kernel(_ result: Int) -> Int { result >= 0 ? result : -Int(csystem_errno()) }

    /// The `poll` events of interest of `fd` (0 for a negative descriptor).
    static func pollEvents(_ fd: Int32) -> Int16 {
        var entry = pollfd(fd: fd, events: Int16(POLLIN) | Int16(POLLOUT), revents: 0)
        _ = poll(&entry, 1, 0)
        return entry.revents & (Int16(POLLIN) | Int16(POLLOUT) | Int16(POLLHUP) | Int16(POLLERR))
    }

    /// Makes `calls` on a real `socketpair`.
    static func onKernelPair(_ calls: [Call]) -> [String] {
        var fds: [Int32] = [-1, -1]
        let type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        precondition(socketpair(AF_UNIX, type, 0, &fds) == 0)
        defer { for fd in fds where fd >= 0 { close(fd) } }
        var sends = [0, 0]
        return calls.map { call in
            switch call {
            case let .send(end, count):
                sends[end] += 1
                let bytes = Self.bytes(count: count, end: end, index: sends[end])
                return describe(kernel(bytes.withUnsafeBytes { Glibc.send(fds[end], $0.baseAddress, count, Int32(MSG_NOSIGNAL)) }))
            case let .receive(end, first, second):
                var buffer = [UInt8](repeating: 0, count: first + second)
                let received = buffer.withUnsafeMutableBytes { storage in
                    var vectors = [
                        iovec(iov_base: storage.baseAddress, iov_len: first),
                        iovec(iov_base: storage.baseAddress! + first, iov_len: second),
                    ]
                    return kernel(readv(fds[end], &vectors, 2))
                }
                return describe(received, bytes: buffer.prefix(max(received, 0)))
            case let .pendingError(end):
                var error: Int32 = 0
                var length = socklen_t(MemoryLayout<Int32>.size)
                guard getsockopt(fds[end], SOL_SOCKET, SO_ERROR, &error, &length) == 0 else { return describe(kernel(-1)) }
                return describe(-Int(error))
            case let .poll(end):
                return "\(pollEvents(fds[end]))"
            case let .close(end):
                if fds[end] >= 0 { close(fds[end]) }
                fds[end] = -1
                return "closed"
            case .takeRawValue:
                return "raw"
            }
        }
    }

    /// Makes `calls` on a simulated pair, through its user-space calls as `NetSim` does, and
    /// the kernel's once those answer `nil`.
    static func onSimulatedPair(_ calls: [Call]) -> [String] {
        let answers = Shared<[String]>([])
        let result = Simulation.run(seed: 0) {
            guard let pair = try? LabFileDescriptor.socketPair("first", "second") else { return }
            let ends = [pair.0, pair.1]
            var sends = [0, 0]
            for call in calls {
                let answer: String
                switch call {
                case let .send(end, count):
                    sends[end] += 1
                    let bytes = Self.bytes(count: count, end: end, index: sends[end])
                    let sent =
                        bytes.withUnsafeBytes(ends[end].sendInUserSpace)
                        ?? kernel(
                            bytes.withUnsafeBytes { Glibc.send(ends[end].rawValue ?? -1, $0.baseAddress, count, Int32(MSG_NOSIGNAL)) })
                    answer = describe(sent)
                case let .receive(end, first, second):
                    var buffer = [UInt8](repeating: 0, count: first + second)
                    let received = buffer.withUnsafeMutableBytes { storage in
                        let head = UnsafeMutableRawBufferPointer(rebasing: storage[..<first])
                        let tail = UnsafeMutableRawBufferPointer(rebasing: storage[first...])
                        if let received = ends[end].receiveInUserSpace(into: head, then: tail) { return received }
                        var vectors = [
                            iovec(iov_base: head.baseAddress, iov_len: first), iovec(iov_base: tail.baseAddress, iov_len: second),
                        ]
                        return kernel(readv(ends[end].rawValue ?? -1, &vectors, 2))
                    }
                    answer = describe(received, bytes: buffer.prefix(max(received, 0)))
                case let .pendingError(end):
                    if let error = ends[end].takePendingErrorInUserSpace() {
                        answer = describe(-Int(error))
                    } else {
                        var error: Int32 = 0
                        var length = socklen_t(MemoryLayout<Int32>.size)
                        let status = getsockopt(ends[end].rawValue ?? -1, SOL_SOCKET, SO_ERROR, &error, &length)
                        answer = status == 0 ? describe(-Int(error)) : describe(kernel(-1))
                    }
                case let .poll(end):
                    answer = "\(ends[end].userSpacePollEvents ?? pollEvents(ends[end].observedRawValue ?? -1))"
                case let .close(end):
                    ends[end].close()
                    answer = "closed"
                case let .takeRawValue(end):
                    _ = ends[end].rawValue
                    answer = "raw"
                }
                answers.update { $0.append(answer) }
            }
            ends[0].close()
            ends[1].close()
        }
        precondition(result.outcome == .quiescent, "\(result.outcome)")
        return answers.value
    }

    @Test("answers every call as the kernel's pair does, before and after moving into the kernel", arguments: 0..<40 as Range<UInt64>)
    func sameAnswersAsTheKernel(seed: UInt64) {
        let calls = Self.calls(seed: seed, count: 60)
        let kernel = Self.onKernelPair(calls)
        let simulated = Self.onSimulatedPair(calls)
        let differences = zip(calls, zip(kernel, simulated)).enumerated().filter { $0.element.1.0 != $0.element.1.1 }
        #expect(
            differences.isEmpty,
            "\(differences.prefix(3).map { "call \($0.offset) \($0.element.0): kernel \($0.element.1.0), simulated \($0.element.1.1)" })")
    }

    @Test(
        "a close with bytes unread leaves ECONNRESET at the peer, after its bytes, before the end of stream",
        arguments: [false, true])
    func resetAfterUnreadBytes(movedIntoKernel: Bool) {
        var calls: [Call] = [.send(end: 0, count: 5), .send(end: 1, count: 3), .close(end: 1)]
        if movedIntoKernel { calls.append(.takeRawValue(end: 0)) }
        calls += [
            .poll(end: 0), .send(end: 0, count: 1), .receive(end: 0, first: 2, second: 0), .receive(end: 0, first: 64, second: 0),
            .receive(end: 0, first: 64, second: 0), .pendingError(end: 0), .receive(end: 0, first: 64, second: 0),
        ]
        let simulated = Self.onSimulatedPair(calls)
        #expect(simulated == Self.onKernelPair(calls))
        let answers = Array(simulated.suffix(7))
        #expect(answers.count == 7)
        guard answers.count == 7 else { return }
        #expect(answers[0] == "\(Int16(POLLIN) | Int16(POLLOUT) | Int16(POLLHUP) | Int16(POLLERR))")
        #expect(answers[1] == "EPIPE")
        #expect(answers[2].hasPrefix("2 ") && answers[3].hasPrefix("1 "))
        #expect(Array(answers.suffix(3)) == ["ECONNRESET", "0", "0"])
    }

    @Test("a send beyond the user-space capacity moves the pair into the kernel, which takes it as a fresh pair would")
    func beyondCapacity() {
        let calls: [Call] = [
            .send(end: 0, count: 100), .receive(end: 1, first: 40, second: 0), .send(end: 0, count: UserSpaceSocketPair.capacity),
            .poll(end: 0), .send(end: 0, count: 1 << 20), .poll(end: 0), .receive(end: 1, first: 60, second: 4096),
        ]
        #expect(Self.onSimulatedPair(calls) == Self.onKernelPair(calls))
    }

    @Test(
        "the kernel's pair takes as much as user space holds whole and stays writable, as the model assumes",
        arguments: [1, 100, 1000, 1024, 2048, 4096, UserSpaceSocketPair.capacity])
    func capacityInsideTheKernelsBuffer(sendSize: Int) {
        let sends = min(UserSpaceSocketPair.maximumSends, UserSpaceSocketPair.capacity / sendSize)
        let calls = Array(repeating: Call.send(end: 0, count: sendSize), count: sends) + [.poll(end: 0)]
        let answers = Self.onKernelPair(calls)
        #expect(answers == Array(repeating: "\(sendSize)", count: sends) + ["\(Int16(POLLOUT))"])
        #expect(Self.onSimulatedPair(calls) == answers)
    }
}
