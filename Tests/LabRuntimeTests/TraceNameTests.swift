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

    @Test("a field's cell is named the field, of, and its owner, live and simulated alike", arguments: [false, true])
    func fieldNames(simulated: Bool) {
        let runtime: any Runtime = simulated ? Simulation(strategy: RandomStrategy(seed: 1)) : LiveRuntime()
        let first = LabCell("state", of: "op A", 0, runtime: runtime)
        let second = LabCell("responseData", of: "op 12", [UInt8]?.none, runtime: runtime) { $0.map { "\($0.count) bytes" } ?? "nil" }
        #expect(first.traceName == "V0 state of op A")
        #expect(second.traceName == "V1 responseData of op 12")
        #expect(second.object == LabObjectID(.cell, 1))
    }
}
