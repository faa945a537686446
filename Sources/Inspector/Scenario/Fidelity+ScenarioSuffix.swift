import AFReplay

extension Fidelity {
    /// The suffix of scenario names: `"263"` or `"hardened"`.
    public var scenarioSuffix: String {
        switch self {
        case .afn263: "263"
        case .hardened: "hardened"
        }
    }
}
