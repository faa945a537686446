import LabRuntime
import Testing

/// Cells are named in traces by their number and name, written the way an interpolation
/// writes them, whatever the number's width and the name's characters.
@Suite("Trace names of cells")
struct TraceNameTests {
    @Test("a cell's trace name is V, its number, a space and its name")
    func cellNames() {
        let runtime = LiveRuntime()
        let names = ["", "x", "state of op A", "outputStreamToMemory of op B", "é → ü", "a name longer than fifteen bytes"]
        for number in 0..<120 {
            let name = names[number % names.count]
            #expect(LabCell(name, 0, runtime: runtime).traceName == "V\(number) \(name)")
        }
    }

    @Test(
        "a joined name is the prefix then the text, as an interpolation writes it",
        arguments: ["", "op A", "é → ü", "a name longer than fifteen bytes"])
    func joinedNames(text: String) {
        #expect(String(joining: "state of ", text) == "state of \(text)")
        #expect(String(joining: "", text) == text)
    }
}
