import Glibc
import NetSim
import Testing

@Suite("FailingOutputStream")
struct FailingOutputStreamTests {
    @Test("takes whole writes up to its limit; the write past it takes nothing and fails the stream with ENOSPC")
    func failsPastItsLimit() {
        let stream = FailingOutputStream(failingAfter: 5)
        #expect(stream.write(wire("a")) == -1)
        #expect(stream.streamError == nil)
        stream.open()
        #expect(stream.write(wire("abc")) == 3)
        #expect(stream.hasSpaceAvailable)
        #expect(stream.write(wire("def")) == -1)
        #expect(stream.streamStatus == .error)
        #expect(stream.streamError?.code == ENOSPC)
        #expect(stream.streamError?.domain == "NSPOSIXErrorDomain")
        #expect(!stream.hasSpaceAvailable)
        #expect(stream.write(wire("d")) == -1)
        #expect(stream.bytesTaken == wire("abc"))
        #expect(stream.dataWrittenToMemory == nil)
        stream.close()
        #expect(stream.streamStatus == .error)
    }

    @Test("closed before failing, it is closed and refuses writes without an error")
    func closedBeforeFailing() {
        let stream = FailingOutputStream(failingAfter: 1)
        stream.open()
        stream.close()
        #expect(stream.streamStatus == .closed)
        #expect(stream.write(wire("ab")) == -1)
        #expect(stream.streamError == nil)
    }
}
