import ArgumentParser

/// `ckbench micro`: the schema language and the wire model, each repeated for a while.
struct MicroBenchmarkCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "micro",
        abstract: "Time the schema language and the wire model.",
        discussion: "Each benchmark repeats its work for about --seconds and prints the median time per run."
    )

    @Option(help: "Roughly how long to spend on each benchmark, in seconds.")
    var seconds: Double = 1

    @Option(help: "Run only the benchmarks whose name contains this text.")
    var filter: String?

    func run() throws {
        let benchmarks = SchemaBenchmarks.all + WireModelBenchmarks.all
        for benchmark in benchmarks where filter.map(benchmark.name.contains) ?? true {
            print(try benchmark.measure(seconds: seconds))
        }
    }
}
