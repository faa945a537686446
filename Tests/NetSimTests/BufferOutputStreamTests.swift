import NetSim
import Testing

@Suite("BufferOutputStream")
struct BufferOutputStreamTests {
    @Test func fillsUpThenWritesReturnZero() {
        let stream = BufferOutputStream(capacity: 5)
        stream.open()
        #expect(stream.write(wire("abc")) == 3)
        #expect(stream.hasSpaceAvailable)
        #expect(stream.write(wire("defg")) == 2)
        #expect(!stream.hasSpaceAvailable)
        #expect(stream.write(wire("h")) == 0)
        #expect(stream.streamStatus == .open)
        #expect(stream.streamError == nil)
        #expect(stream.buffer == wire("abcde"))
        #expect(stream.dataWrittenToMemory == nil)
    }

    @Test func zeroCapacityNeverHasSpace() {
        let stream = BufferOutputStream(capacity: 0)
        stream.open()
        #expect(!stream.hasSpaceAvailable)
        #expect(stream.write(wire("a")) == 0)
    }

    @Test func fullAndClosedRefusesWithMinusOne() {
        let stream = BufferOutputStream(capacity: 2)
        stream.open()
        _ = stream.write(wire("ab"))
        stream.close()
        #expect(stream.write(wire("c")) == -1)
        #expect(stream.buffer == wire("ab"))
        #expect(stream.capacity == 2)
    }
}
