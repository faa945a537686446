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
