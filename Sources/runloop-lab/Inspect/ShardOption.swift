import Glibc
import Inspector

/// `explore --shard K/N` or `--shard N`: which part of the runs this process makes. With
/// `N` alone the index comes from the batch system, so one command line serves every task:
/// `JOB_COMPLETION_INDEX` (a Kubernetes Indexed Job) or `SLURM_ARRAY_TASK_ID` less
/// `SLURM_ARRAY_TASK_MIN` (a Slurm job array).
enum ShardOption {
    /// The environment variables that name a batch task's index, in the order they are read.
    static let indexVariables = ["JOB_COMPLETION_INDEX", "SLURM_ARRAY_TASK_ID"]

    /// The environment of the process: `getenv`.
    static let processEnvironment: @Sendable (String) -> String? = { name in getenv(name).map { String(cString: $0) } }

    /// The shard `text` names, reading a missing index from `environment`.
    ///
    /// - Throws: ``UsageError`` for a malformed value, an index outside the count, or `N`
    ///   alone outside a batch task.
    static func parse(_ text: String, environment: (String) -> String?, usage: String) throws(UsageError) -> Shard {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard (1...2).contains(parts.count), let count = Int(parts[parts.count - 1]), (1...1_000_000).contains(count) else {
            throw UsageError(message: "--shard expects K/N or N, with N from 1 to 1000000, got '\(text)'", usage: usage)
        }
        let index: Int
        if parts.count == 2 {
            guard let given = Int(parts[0]) else {
                throw UsageError(message: "--shard expects K/N or N, with N from 1 to 1000000, got '\(text)'", usage: usage)
            }
            index = given
        } else {
            index = try indexFromEnvironment(environment, usage: usage)
        }
        guard let shard = Shard(index: index, count: count) else {
            throw UsageError(message: "--shard: index \(index) is not from 0 to \(count - 1)", usage: usage)
        }
        return shard
    }

    private static func indexFromEnvironment(_ environment: (String) -> String?, usage: String) throws(UsageError) -> Int {
        for name in indexVariables {
            guard let value = environment(name) else { continue }
            let offset = name == "SLURM_ARRAY_TASK_ID" ? environment("SLURM_ARRAY_TASK_MIN").flatMap(Int.init) ?? 0 : 0
            guard let index = Int(value) else {
                throw UsageError(message: "--shard: \(name) is not a whole number: '\(value)'", usage: usage)
            }
            return index - offset
        }
        throw UsageError(
            message: "--shard N needs this shard's index: give --shard K/N, or run as a Kubernetes Indexed Job "
                + "(JOB_COMPLETION_INDEX) or a Slurm job array (SLURM_ARRAY_TASK_ID)", usage: usage)
    }
}
