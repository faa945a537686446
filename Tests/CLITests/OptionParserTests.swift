import Testing

@testable import runloop_lab

@Suite("OptionParser")
struct OptionParserTests {
    let specs = [
        OptionSpec(name: "--count", valueName: "N", help: "A count."),
        OptionSpec(name: "--quiet", valueName: nil, help: "A flag."),
    ]

    @Test("values in both spellings, flags, and the last value wins")
    func values() throws {
        let parsed = try OptionParser.parse(["--count", "3", "--quiet", "--count=7"], options: specs, usage: "u")
        #expect(try parsed.integer("--count", default: 1, in: 1...10) == 7)
        #expect(parsed.isSet("--quiet"))
        #expect(!parsed.wantsHelp)
    }

    @Test("defaults apply to options that did not appear")
    func defaults() throws {
        let parsed = try OptionParser.parse([], options: specs, usage: "u")
        #expect(try parsed.integer("--count", default: 4, in: 1...10) == 4)
        #expect(!parsed.isSet("--quiet"))
    }

    @Test("a missing value names the option and its placeholder")
    func missingValue() {
        #expect(throws: UsageError(message: "--count needs a value (N)", usage: "u")) {
            try OptionParser.parse(["--count"], options: specs, usage: "u")
        }
    }

    @Test("an out-of-range value is rejected with the range")
    func outOfRange() throws {
        let parsed = try OptionParser.parse(["--count", "0"], options: specs, usage: "u")
        #expect(throws: UsageError(message: "--count expects a whole number from 1 to 10, got '0'", usage: "u")) {
            try parsed.integer("--count", default: 1, in: 1...10)
        }
    }

    @Test("an unknown option suggests the nearest known one when it looks like a typo")
    func unknownOptionSuggestion() {
        #expect(throws: UsageError(message: "unknown option '--cuont' (did you mean '--count'?)", usage: "u")) {
            try OptionParser.parse(["--cuont", "3"], options: specs, usage: "u")
        }
        #expect(throws: UsageError(message: "unknown option '--verbose'", usage: "u")) {
            try OptionParser.parse(["--verbose"], options: specs, usage: "u")
        }
    }

    @Test("-h anywhere asks for help")
    func helpAnywhere() throws {
        #expect(try OptionParser.parse(["--count", "x", "-h"], options: specs, usage: "u").wantsHelp)
    }
}
