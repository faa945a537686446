/// Where the demo finds its default scenario, `Tutorials/scenarios/interview-question.lab`,
/// through ``CheckoutPath``.
enum DefaultScenario {
    /// The path inside a checkout.
    static let relativePath = "Tutorials/scenarios/interview-question.lab"

    /// The first place the file is readable, or nil.
    static func path() -> String? {
        CheckoutPath.locate(relativePath)
    }
}
