import LabRuntime

extension LabCell where Value == Int? {
    /// A cell holding an optional integer (a node index, a pointer), which traces show as
    /// the number or `nil`: the classic-bug kernels' pointers.
    convenience init(optional name: String, _ initial: Int?) {
        self.init(name, initial, describe: { $0.map(String.init) ?? "nil" })
    }
}
