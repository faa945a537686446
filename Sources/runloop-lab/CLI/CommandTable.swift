/// Every top-level command of `runloop-lab`, in the order the help lists them.
///
/// Adding a command (`explore`, `replay`, `tutorial`, `trace`) is one entry here.
enum CommandTable {
    /// The registered commands.
    static let all: [Command] = [
        DemoCommand.command,
        CheckCommand.command,
        ExploreCommand.command,
        MergeCommand.command,
        ReplayRunCommand.command,
        TraceCommand.command,
        TutorialCommand.command,
        ChallengeCommand.command,
        BenchCommand.command,
    ]
}
