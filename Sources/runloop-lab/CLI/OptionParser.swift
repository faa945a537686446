import Walkthrough

/// Parses the `--option` arguments of one command against the options it declares.
///
/// Accepts `--name value`, `--name=value` and flags, plus `-h`/`--help` anywhere. Rejects,
/// with a ``UsageError`` that names the argument, unknown options (suggesting the nearest
/// known one), missing values, values given to flags, and positional arguments. An option
/// given twice takes its last value.
enum OptionParser {
    /// Parses `arguments`.
    ///
    /// - Parameters:
    ///   - arguments: the arguments that follow the command's name.
    ///   - options: the options the command accepts.
    ///   - usage: the command's help text, carried by any error and by the result.
    /// - Returns: the options found; `wantsHelp` is set if `-h` or `--help` appeared.
    /// - Throws: ``UsageError`` for an argument the command does not accept.
    static func parse(
        _ arguments: [String],
        options: [OptionSpec],
        usage: String
    ) throws(UsageError) -> ParsedOptions {
        if arguments.contains(where: { $0 == "-h" || $0 == "--help" }) {
            return ParsedOptions(wantsHelp: true, usage: usage, values: [:])
        }
        var values: [String: String] = [:]
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            guard argument.hasPrefix("-") else {
                throw UsageError(message: "unexpected argument '\(argument)'", usage: usage)
            }
            let parts = argument.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(parts[0])
            guard let spec = options.first(where: { $0.name == name }) else {
                let hint = Suggestion.didYouMean(name, in: options.map(\.name)).map { " (\($0))" } ?? ""
                throw UsageError(message: "unknown option '\(name)'" + hint, usage: usage)
            }
            switch (spec.valueName, parts.count == 2 ? String(parts[1]) : nil) {
            case (nil, nil):
                values[name] = ""
            case (nil, .some):
                throw UsageError(message: "\(name) takes no value", usage: usage)
            case (.some, .some(let inline)):
                values[name] = inline
            case (.some(let valueName), nil):
                guard let next = remaining.popFirst() else {
                    throw UsageError(message: "\(name) needs a value (\(valueName))", usage: usage)
                }
                values[name] = next
            }
        }
        return ParsedOptions(wantsHelp: false, usage: usage, values: values)
    }

    /// The arguments that are neither options nor an option's value (a command's files), and
    /// the rest, for ``parse(_:options:usage:)``.
    static func splitPositionals(_ arguments: [String], options specs: [OptionSpec]) -> (positionals: [String], options: [String]) {
        var positionals: [String] = []
        var options: [String] = []
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            if argument.hasPrefix("-") {
                options.append(argument)
                if specs.contains(where: { $0.name == argument && $0.valueName != nil }), let value = remaining.popFirst() {
                    options.append(value)
                }
            } else {
                positionals.append(argument)
            }
        }
        return (positionals, options)
    }
}
