import NetSim
import Testing

@Suite("MemoryOutputStream")
struct MemoryOutputStreamTests {
    @Test func dataIsReadableBeforeDuringAndAfterOpen() {
        let stream = MemoryOutputStream()
        #expect(stream.dataWrittenToMemory == [])
        stream.open()
        _ = stream.write(wire("hello "))
        #expect(stream.dataWrittenToMemory == wire("hello "))
        _ = stream.write(wire("world"))
        stream.close()
        #expect(stream.dataWrittenToMemory == wire("hello world"))
    }

    @Test func pauseResumeWithoutCloseAppends() {
        let stream = MemoryOutputStream()
        stream.open()
        _ = stream.write(wire("0123"))
        stream.open()
        _ = stream.write(wire("4567"))
        #expect(stream.dataWrittenToMemory == wire("01234567"))
    }

    @Test func writesAfterCloseLeaveTheDataAlone() {
        let stream = MemoryOutputStream()
        stream.open()
        _ = stream.write(wire("kept"))
        stream.close()
        #expect(stream.write(wire("lost")) == -1)
        #expect(stream.dataWrittenToMemory == wire("kept"))
    }

    @Test func chunksWrittenBetweenReadsComeBackWholeAndInOrder() {
        let stream = MemoryOutputStream()
        stream.open()
        let bytes = (0..<200).map { UInt8($0) }
        #expect(stream.write(bytes[0..<50]) == 50)
        #expect(stream.write(bytes[50..<50]) == 0)
        #expect(stream.dataWrittenToMemory == Array(bytes[0..<50]))
        #expect(stream.write(bytes[50..<120]) == 70)
        #expect(stream.write(bytes[120...]) == 80)
        #expect(stream.dataWrittenToMemory == bytes)
        #expect(stream.dataWrittenToMemory == bytes)
    }
}
