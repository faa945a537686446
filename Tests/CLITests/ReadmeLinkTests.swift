import Glibc
import Testing

@testable import runloop_lab

/// The README reads well in a clone with nothing beside it: every link it makes points at a
/// file or directory inside the repository.
@Suite struct ReadmeLinkTests {
    static let repository = String(tutorialsDirectory.dropLast("/Tutorials".count))

    /// The targets of the README's Markdown links, without their `#anchor`.
    static var linkTargets: [String] {
        let text = TextFile.read(repository + "/README.md") ?? ""
        return text.split(separator: "](").dropFirst().compactMap { rest in
            rest.split(separator: ")", maxSplits: 1).first.map { String($0.split(separator: "#", maxSplits: 1).first ?? "") }
        }
    }

    @Test func everyLinkStaysInsideTheRepository() {
        let targets = Self.linkTargets
        #expect(targets.count > 20)
        for target in targets {
            #expect(!target.contains("://") && !target.hasPrefix("/") && !target.hasPrefix(".."), "\(target) leaves the repository")
            #expect(access(Self.repository + "/" + target, F_OK) == 0, "\(target) does not exist")
        }
    }
}
