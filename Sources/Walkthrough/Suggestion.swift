/// "Did you mean …?": the known name closest to a misspelt one, for the scenario parser's
/// hints and the command line's unknown commands and options.
public enum Suggestion {
    /// The candidate nearest to `word` by edit distance, if it is close enough to be a typo:
    /// at most a third of the word's length, so words shorter than three characters get no
    /// suggestion (any one-letter name is one edit from any other). Ties go to the earlier
    /// candidate. A candidate whose length differs from the word's by more than that budget
    /// cannot be close enough (each edit changes the length by at most one) and is skipped
    /// unmeasured, so a word far longer than every candidate costs no distance at all. With
    /// none that close, a word of six characters or more suggests the candidate that shares
    /// the longest beginning with it, all but its last two characters at least (`complete`
    /// for `completion`), the shorter candidate on a tie.
    public static func nearest(to word: String, in candidates: [String]) -> String? {
        let length = word.count
        let budget = length / 3
        let lowered = word.lowercased()
        var best: (name: String, distance: Int)?
        for candidate in candidates where abs(candidate.count - length) <= budget {
            let distance = editDistance(lowered, candidate.lowercased())
            if distance <= budget, distance < (best?.distance ?? Int.max) { best = (candidate, distance) }
        }
        if let best { return best.name }
        guard length >= 6 else { return nil }
        var longest: (name: String, shared: Int)?
        for candidate in candidates {
            let shared = zip(lowered, candidate.lowercased()).prefix { $0 == $1 }.count
            guard shared >= length - 2 else { continue }
            if shared > (longest?.shared ?? 0) || (shared == longest?.shared && candidate.count < longest?.name.count ?? 0) {
                longest = (candidate, shared)
            }
        }
        return longest?.name
    }

    /// `did you mean 'x'?` for the nearest candidate, or nil.
    public static func didYouMean(_ word: String, in candidates: [String]) -> String? {
        nearest(to: word, in: candidates).map { "did you mean '\($0)'?" }
    }

    /// Levenshtein distance over characters.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        if a.isEmpty { return b.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in stride(from: 1, through: b.count, by: 1) {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
