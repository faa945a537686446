extension Int {
    /// The count and `noun`, in the plural (`plural`, or `noun` and an "s") unless the count
    /// is 1: `1 schedule`, `2 schedules`, `3 switches`. How the explorer's reports and the
    /// command line count what they name.
    public func counted(_ noun: String, plural: String? = nil) -> String {
        "\(self) \(self == 1 ? noun : plural ?? noun + "s")"
    }
}
