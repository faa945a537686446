import Glibc
import Testing

@testable import Walkthrough

/// The repository's `Tutorials/scenarios` folder, found from this file's path.
let scenariosDirectory: String = {
    let components = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
    return (components.dropLast(3) + ["Tutorials", "scenarios"]).joined(separator: "/")
}()

/// The bytes of the file at `path` as UTF-8 text.
func readFile(_ path: String) -> String {
    guard let file = fopen(path, "rb") else { fatalError("cannot open \(path)") }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4_096)
    while true {
        let count = fread(&buffer, 1, buffer.count, file)
        if count == 0 { break }
        bytes += buffer[..<count]
    }
    return String(decoding: bytes, as: UTF8.self)
}

/// Parses `source`, failing the test with the diagnostics if it does not parse.
func parsed(_ source: String, fileName: String = "test.lab") throws -> Scenario {
    do {
        return try Scenario.parse(source: source, fileName: fileName)
    } catch {
        Issue.record("\(error)")
        throw error
    }
}

/// The diagnostics `source` gives, rendered; empty if it parses.
func diagnostics(_ source: String, fileName: String = "scenario.lab") -> String {
    do {
        _ = try Scenario.parse(source: source, fileName: fileName)
        return ""
    } catch {
        return error.description
    }
}

/// Runs `scenario` (under `seed`, or its declared strategy without one) and expects it to
/// run green: it has `expect` lines, every one of them gave a check, and each failing check
/// is recorded as an issue. Returns the run for further expectations.
@discardableResult
func runGreen(
    _ scenario: Scenario, seed: UInt64? = nil, sourceLocation: Testing.SourceLocation = #_sourceLocation
) throws -> ScenarioRun {
    let run = try ScenarioRunner().run(scenario, seed: seed)
    #expect(scenario.expectationCount > 0, sourceLocation: sourceLocation)
    #expect(run.checks.count == scenario.expectationCount, sourceLocation: sourceLocation)
    for check in run.checks where !check.passed { Issue.record("\(check)", sourceLocation: sourceLocation) }
    return run
}

/// Parses `source` and expects it to run green, as the `Scenario` overload does.
@discardableResult
func runGreen(
    _ source: String, seed: UInt64? = nil, sourceLocation: Testing.SourceLocation = #_sourceLocation
) throws -> ScenarioRun {
    try runGreen(parsed(source), seed: seed, sourceLocation: sourceLocation)
}
