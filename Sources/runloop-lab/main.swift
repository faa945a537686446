import Glibc

exit(RunLoopLabCLI.run(Array(CommandLine.arguments.dropFirst()), console: StandardConsole()))
