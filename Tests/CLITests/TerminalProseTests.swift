import Testing

@testable import runloop_lab

@Suite("A lesson's prose in a terminal")
struct TerminalProseTests {
    @Test("bold loses its asterisks; a lesson link names the command that runs it")
    func boldAndLessonLinks() {
        #expect(
            TerminalProse.plain("**Next:** [lesson 11](11-pause-races.md): pause and resume.")
                == "Next: lesson 11 (runloop-lab tutorial run 11): pause and resume.")
        #expect(TerminalProse.plain("见[第 11 课](11-pause-races.md)。") == "见第 11 课 (runloop-lab tutorial run 11)。")
    }

    @Test("a file link keeps its text, with the path only when the text does not name the file")
    func fileLinks() {
        #expect(
            TerminalProse.plain("the file [`races/a-263.lab`](scenarios/races/a-263.lab) starts")
                == "the file `races/a-263.lab` starts")
        #expect(TerminalProse.plain("see [the table](../Fidelity.md)") == "see the table (../Fidelity.md)")
        #expect(TerminalProse.plain("an [anchor](#determinism) and [a page](https://swift.org)") == "an anchor and a page")
    }

    @Test("brackets that are not a link are left alone")
    func notLinks() {
        #expect(TerminalProse.plain("a list [1, 2] (two) and [x]") == "a list [1, 2] (two) and [x]")
        #expect(TerminalProse.plain("unclosed [link](there") == "unclosed [link](there")
    }
}
