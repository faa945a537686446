import Testing
import Walkthrough

@testable import runloop_lab

/// Tutorials/LANGUAGE.md, the scenario language's reference, keeps up with the parser.
@Suite struct LanguageReferenceTests {
    @Test("the reference lists every trace event name an expect filter and trace --events accept")
    func everyEventNameIsListed() throws {
        let text = try #require(TextFile.read(tutorialsDirectory + "/LANGUAGE.md"))
        let start = try #require(text.range(of: "The event names: "))
        let end = try #require(text.range(of: "A misspelt name", range: start.upperBound..<text.endIndex))
        let listed = text[start.upperBound..<end.lowerBound].split(separator: "`", omittingEmptySubsequences: false).enumerated().filter {
            $0.offset % 2 == 1
        }.map { String($0.element) }
        #expect(Set(listed) == Set(TraceEventNames.all))
        #expect(listed.count == TraceEventNames.all.count)
    }
}
