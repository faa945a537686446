import LabTestSupport
import NetSim
import Testing

/// The three stream kinds, for the rules every kind obeys.
enum StreamKind: CaseIterable, CustomStringConvertible {
    case memory, buffer, file

    func make(in directory: TemporaryDirectory) -> any LabOutputStream {
        switch self {
        case .memory: MemoryOutputStream()
        case .buffer: BufferOutputStream(capacity: 1024)
        case .file: FileOutputStream(path: directory.file("out"), append: false)
        }
    }

    var description: String {
        switch self {
        case .memory: "memory"
        case .buffer: "buffer"
        case .file: "file"
        }
    }
}

@Suite("LabOutputStream: state rules for every kind")
struct OutputStreamRuleTests {
    @Test(arguments: StreamKind.allCases)
    func newStreamIsNotOpenAndRefusesWrites(kind: StreamKind) {
        let directory = TemporaryDirectory(prefix: "netsim-test")
        let stream = kind.make(in: directory)
        #expect(stream.streamStatus == .notOpen)
        #expect(!stream.hasSpaceAvailable)
        #expect(stream.write(wire("abc")) == -1)
        #expect(stream.streamStatus == .notOpen)
        #expect(stream.streamError == nil)
    }

    @Test(arguments: StreamKind.allCases)
    func openStreamHasSpaceAndAcceptsWrites(kind: StreamKind) {
        let directory = TemporaryDirectory(prefix: "netsim-test")
        let stream = kind.make(in: directory)
        stream.open()
        #expect(stream.streamStatus == .open)
        #expect(stream.hasSpaceAvailable)
        #expect(stream.write(wire("abc")) == 3)
        #expect(stream.write(wire("de")[1...]) == 1)
        #expect(stream.write([]) == 0)
        #expect(stream.streamError == nil)
    }

    @Test(arguments: StreamKind.allCases)
    func openingAnOpenStreamChangesNothing(kind: StreamKind) {
        let directory = TemporaryDirectory(prefix: "netsim-test")
        let stream = kind.make(in: directory)
        stream.open()
        #expect(stream.write(wire("first")) == 5)
        stream.open()
        #expect(stream.streamStatus == .open)
        #expect(stream.write(wire("second")) == 6)
        #expect(stream.dataWrittenToMemory.map { $0 == wire("firstsecond") } ?? true)
        #expect(stream.fileCurrentOffset.map { $0 == 11 } ?? true)
    }

    @Test(arguments: StreamKind.allCases)
    func closeIsFinal(kind: StreamKind) {
        let directory = TemporaryDirectory(prefix: "netsim-test")
        let stream = kind.make(in: directory)
        stream.open()
        _ = stream.write(wire("abc"))
        stream.close()
        #expect(stream.streamStatus == .closed)
        #expect(!stream.hasSpaceAvailable)
        #expect(stream.write(wire("x")) == -1)
        stream.open()
        #expect(stream.streamStatus == .closed)
        #expect(!stream.hasSpaceAvailable)
        #expect(stream.write(wire("x")) == -1)
        #expect(stream.streamError == nil)
    }

    @Test(arguments: StreamKind.allCases)
    func closingBeforeOpeningIsFinalToo(kind: StreamKind) {
        let directory = TemporaryDirectory(prefix: "netsim-test")
        let stream = kind.make(in: directory)
        stream.close()
        stream.open()
        #expect(stream.streamStatus == .closed)
        #expect(stream.write(wire("x")) == -1)
    }

    @Test(arguments: StreamKind.allCases)
    func onlyTheMatchingPropertyIsExposed(kind: StreamKind) {
        let directory = TemporaryDirectory(prefix: "netsim-test")
        let stream = kind.make(in: directory)
        #expect((stream.dataWrittenToMemory != nil) == (kind == .memory))
        #expect((stream.fileCurrentOffset != nil) == (kind == .file))
    }

    @Test(arguments: StreamKind.allCases)
    func concurrentWritersLoseNothing(kind: StreamKind) async {
        let directory = TemporaryDirectory(prefix: "netsim-test")
        let stream = kind.make(in: directory)
        stream.open()
        let accepted = await withTaskGroup(of: Int.self) { group in
            for writer in 0..<4 {
                group.addTask {
                    (0..<25).reduce(0) { sum, _ in sum + stream.write([UInt8](repeating: UInt8(writer), count: 10)) }
                }
            }
            return await group.reduce(0, +)
        }
        #expect(accepted == 1000)
        #expect(stream.dataWrittenToMemory.map { $0.count == 1000 } ?? true)
        #expect(stream.fileCurrentOffset.map { $0 == 1000 } ?? true)
    }
}
