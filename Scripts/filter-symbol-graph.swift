// Keeps, in a symbol graph, only the symbols the module itself declares, with their
// relationships. An umbrella module that re-exports others (`@_exported import`) gets their
// symbols in its graph too; Scripts/docs documents each of them in its own catalog.
// Usage: swift Scripts/filter-symbol-graph.swift MODULE GRAPH.symbols.json (rewritten in place).
import Foundation

let arguments = CommandLine.arguments
guard arguments.count == 3 else {
    FileHandle.standardError.write(Data("usage: filter-symbol-graph MODULE FILE.symbols.json\n".utf8))
    exit(64)
}
let module = arguments[1]
let path = arguments[2]
let mangled = "\(module.utf8.count)\(module)"
guard var graph = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any],
    let symbols = graph["symbols"] as? [[String: Any]],
    let relationships = graph["relationships"] as? [[String: Any]]
else {
    FileHandle.standardError.write(Data("filter-symbol-graph: \(path) is not a symbol graph\n".utf8))
    exit(1)
}
func isOwn(_ identifier: String) -> Bool { identifier.contains(mangled) }
let kept = symbols.filter { symbol in
    let identifier = (symbol["identifier"] as? [String: Any])?["precise"] as? String ?? ""
    return isOwn(identifier)
}
graph["symbols"] = kept
graph["relationships"] = relationships.filter { isOwn($0["source"] as? String ?? "") }
try JSONSerialization.data(withJSONObject: graph).write(to: URL(fileURLWithPath: path))
