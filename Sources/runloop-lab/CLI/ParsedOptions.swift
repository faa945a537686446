/// The options found on one command line, with typed, validated accessors.
///
/// Produced by ``OptionParser/parse(_:options:usage:)``. Each accessor either returns a
/// value of the right kind or throws a ``UsageError`` that says what was expected and what
/// was given.
struct ParsedOptions {
    /// Whether `-h` or `--help` appeared; the command should print its usage and stop.
    let wantsHelp: Bool

    /// The help text of the command, carried into any error.
    let usage: String

    /// The value given to each option that appeared (the last one wins); flags map to "".
    private let values: [String: String]

    /// Creates parsed options; see ``OptionParser``.
    init(wantsHelp: Bool, usage: String, values: [String: String]) {
        self.wantsHelp = wantsHelp
        self.usage = usage
        self.values = values
    }

    /// Whether the flag `name` appeared.
    func isSet(_ name: String) -> Bool {
        values[name] != nil
    }

    /// The text given to `name`, or `nil` when it did not appear.
    func string(_ name: String) -> String? {
        values[name]
    }

    /// The path given to `name`, an output file, or `nil` when it did not appear. Checked
    /// before the command works, so that a long search or page is never lost at the end.
    ///
    /// - Throws: ``UsageError`` when the file cannot be opened for writing, without the
    ///   usage: the arguments were right, and the path they named is what to fix.
    func outputPath(_ name: String) throws(UsageError) -> String? {
        guard let path = values[name] else { return nil }
        if let problem = OutputFile.problem(writing: path) {
            throw UsageError(message: "\(name): \(problem)", usage: "")
        }
        return path
    }

    /// The whole-number value of `name`, or `defaultValue` when it did not appear.
    ///
    /// - Throws: ``UsageError`` when the value is not a whole number within `range`.
    func integer(_ name: String, default defaultValue: Int, in range: ClosedRange<Int>) throws(UsageError) -> Int {
        guard let text = values[name] else { return defaultValue }
        guard let value = Int(text), range.contains(value) else {
            throw UsageError(
                message: "\(name) expects a whole number from \(range.lowerBound) to \(range.upperBound), got '\(text)'",
                usage: usage
            )
        }
        return value
    }

    /// The seeds every command takes: the same range for `--seed` everywhere.
    static let seedRange = 0...Int.max

    /// The value of `--seed`, or `nil` when it did not appear.
    ///
    /// - Throws: ``UsageError`` when the value is not a whole number in ``seedRange``.
    func seed() throws(UsageError) -> UInt64? {
        isSet("--seed") ? UInt64(try integer("--seed", default: 0, in: Self.seedRange)) : nil
    }

    /// Throws for each option in `names` that was given although, as `reason` says, the
    /// command would ignore it.
    ///
    /// - Throws: ``UsageError`` naming the first such option: `--depth applies to --strategy pct only`.
    func reject(_ names: [String], _ reason: String) throws(UsageError) {
        if let given = names.first(where: isSet) {
            throw UsageError(message: "\(given) \(reason)", usage: usage)
        }
    }

    /// The value of `name` as a number of seconds, or `defaultValue` when it did not appear.
    ///
    /// - Throws: ``UsageError`` when the value is not a finite number within `range`.
    func seconds(_ name: String, default defaultValue: Double, in range: ClosedRange<Double>) throws(UsageError) -> Double {
        guard let text = values[name] else { return defaultValue }
        guard let value = Double(text), value.isFinite, range.contains(value) else {
            throw UsageError(
                message:
                    "\(name) expects a number of seconds from \(range.lowerBound.plainText) to \(range.upperBound.plainText), got '\(text)'",
                usage: usage
            )
        }
        return value
    }

    /// The case of `Choice` whose raw value was given to `name`, or `defaultValue` when it
    /// did not appear.
    ///
    /// - Throws: ``UsageError`` when the value names no case, listing the cases in
    ///   declaration order: `--heap-trim expects off or glibc, got 'x'`.
    func choice<Choice: CaseIterable & RawRepresentable<String>>(
        _ name: String, default defaultValue: Choice
    ) throws(UsageError) -> Choice {
        guard let text = values[name] else { return defaultValue }
        guard let value = Choice(rawValue: text) else {
            let names = Choice.allCases.map(\.rawValue)
            let listed = names.count > 1 ? names.dropLast().joined(separator: ", ") + " or " + names.last! : names.joined()
            throw UsageError(message: "\(name) expects \(listed), got '\(text)'", usage: usage)
        }
        return value
    }
}

private extension Double {
    /// The number without a trailing ".0" when it is whole, for messages.
    var plainText: String {
        self == rounded() ? String(Int(self)) : String(self)
    }
}
