import LabRuntime
import Testing

/// Texts the lab writes again and again (a hop's label, a socket's name, a cell's trace
/// name) are kept per pthread and handed out again: whatever is kept, each text reads the
/// same as its interpolation.
@Suite("Kept texts")
struct TextCacheTests {
    @Test("a written text is its pieces, however many texts share its length, start and end", arguments: [40, 80])
    func writtenTexts(middleLength: Int) {
        // The texts have the same length and first and last eight bytes, so that they look
        // alike until their bytes are compared; with the longer middle they are too long to
        // be kept at all.
        for round in 0..<2 {
            for marked in 0..<middleLength {
                let before = String(repeating: "m", count: marked)
                let after = String(repeating: "m", count: middleLength - 1 - marked)
                let text = String {
                    $0.write("hop label ")
                    $0.write(before)
                    $0.write("n")
                    $0.write(after)
                    $0.write(" of op A")
                }
                #expect(text == "hop label \(before)n\(after) of op A", "round \(round)")
            }
        }
    }

    @Test("a numbered name reads the same however often it is read, beside others of its number")
    func numberedNames() {
        for _ in 0..<2 {
            for number in 0..<300 {
                #expect(LabName("C", number, " socket").text == "C\(number) socket")
                #expect(LabName("C", number, " timeout").text == "C\(number) timeout")
                #expect(LabName("S", number).text == "S\(number)")
            }
        }
    }

    @Test("a cell's trace name follows its own name, not one kept for its number before")
    func cellNamesAcrossRuns() {
        let names = ["state of op A", "x", "a name longer than fifteen bytes", "é → ü"]
        for shift in 0..<names.count {
            let runtime = LiveRuntime()
            for number in 0..<12 {
                let name = names[(number + shift) % names.count]
                #expect(LabCell(name, 0, runtime: runtime).traceName == "V\(number) \(name)")
            }
        }
    }
}
