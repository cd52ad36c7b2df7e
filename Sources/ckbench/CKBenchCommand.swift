import ArgumentParser

/// `ckbench`: the project's benchmarks. Run in a release build: `swift run -c release ckbench`.
@main
struct CKBenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ckbench",
        abstract: "Measure ckdash and ckserver (run with -c release).",
        subcommands: [ServerBenchmarkCommand.self, TerminalBenchmarkCommand.self, MicroBenchmarkCommand.self, ServeFolderCommand.self],
        defaultSubcommand: ServerBenchmarkCommand.self
    )
}
