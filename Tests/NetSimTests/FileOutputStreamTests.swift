import Glibc
import LabTestSupport
import NetSim
import Testing

@Suite("FileOutputStream")
struct FileOutputStreamTests {
    @Test func offsetFollowsWritesAndSurvivesClose() {
        let directory = TemporaryDirectory(prefix: "netsim-test")
        let path = directory.file("download")
        let stream = FileOutputStream(path: path, append: false)
        #expect(stream.fileCurrentOffset == 0)
        #expect(contentsOfFile(path) == nil)
        stream.open()
        #expect(stream.fileCurrentOffset == 0)
        _ = stream.write(wire("hello"))
        #expect(stream.fileCurrentOffset == 5)
        _ = stream.write(wire(", world"))
        #expect(stream.fileCurrentOffset == 12)
        stream.close()
        #expect(stream.fileCurrentOffset == 12)
        #expect(contentsOfFile(path) == wire("hello, world"))
    }

    @Test func withoutAppendTheFileIsTruncated() {
        let directory = TemporaryDirectory(prefix: "netsim-test")
        let path = directory.file("download")
        writeFile(path, wire("old contents"))
        let stream = FileOutputStream(path: path, append: false)
        stream.open()
        _ = stream.write(wire("new"))
        stream.close()
        #expect(contentsOfFile(path) == wire("new"))
    }

    @Test func appendStartsAtTheEndOfTheFile() {
        let directory = TemporaryDirectory(prefix: "netsim-test")
        let path = directory.file("partial")
        writeFile(path, wire("0123"))
        let stream = FileOutputStream(path: path, append: true)
        stream.open()
        #expect(stream.fileCurrentOffset == 4)
        _ = stream.write(wire("4567"))
        #expect(stream.fileCurrentOffset == 8)
        stream.close()
        #expect(contentsOfFile(path) == wire("01234567"))
        #expect(stream.append)
        #expect(stream.path == path)
    }

    @Test("an unopenable path puts the stream in the error state", arguments: ["missing/file", ""])
    func openFailure(relative: String) throws {
        let directory = TemporaryDirectory(prefix: "netsim-test")
        let path = relative.isEmpty ? directory.path : directory.file(relative)
        let stream = FileOutputStream(path: path, append: false)
        stream.open()
        #expect(stream.streamStatus == .error)
        #expect(!stream.hasSpaceAvailable)
        #expect(stream.write(wire("x")) == -1)
        let error = try #require(stream.streamError)
        #expect(error.domain == "NSPOSIXErrorDomain")
        #expect(error.code == (relative.isEmpty ? EISDIR : ENOENT))
        #expect(error.message.hasPrefix("open \(path): "))
        stream.open()
        #expect(stream.streamStatus == .error)
        stream.close()
        #expect(stream.streamStatus == .closed)
        #expect(stream.streamError == error)
    }

    @Test func aFailedWritePutsTheStreamInTheErrorState() throws {
        let stream = FileOutputStream(path: "/dev/full", append: false)
        stream.open()
        #expect(stream.hasSpaceAvailable)
        #expect(stream.write(wire("no room")) == -1)
        #expect(stream.streamStatus == .error)
        #expect(!stream.hasSpaceAvailable)
        #expect(try #require(stream.streamError).code == ENOSPC)
        #expect(stream.fileCurrentOffset == 0)
    }

    @Test func deterministicBodyRoundTripsThroughAFile() {
        let directory = TemporaryDirectory(prefix: "netsim-test")
        let path = directory.file("body")
        let body = DeterministicBody(seed: 64).prefix(64 * 1024)
        let stream = FileOutputStream(path: path, append: false)
        stream.open()
        var written = 0
        while written < body.count {
            written += stream.write(body[written..<min(body.count, written + 1000)])
        }
        stream.close()
        #expect(stream.fileCurrentOffset == body.count)
        #expect(contentsOfFile(path) == body)
    }
}
