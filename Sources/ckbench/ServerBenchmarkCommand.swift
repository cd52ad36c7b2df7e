import ArgumentParser
import CKServer
import CommandLineSupport

/// `ckbench server`: the server's scenarios over real HTTP on loopback, against a fresh SQLite data folder.
struct ServerBenchmarkCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "server",
        abstract: "Measure the server: modify throughput, reads, single-record saves, query latency at two sizes, change feed throughput.",
        discussion: """
            The server runs in a process of its own, whose CPU time is read from /proc. Modify throughput is compared \
            with the same records inserted directly with GRDB (the storage limit), in alternating rounds of 2,000 records \
            after one untimed batch of 200 on each side. Paging the type with records/query and records/lookup are \
            compared with the same rows read directly with GRDB, in alternating rounds. A signed-in user's saves of one \
            record per request (with the rotating web auth token) give requests per second and server CPU per request. \
            Query latency is measured at --records and again after growing the type to --large records. With --engine \
            postgres, the server and the direct insert run on PostgreSQL at --postgres (the direct insert: multi-row INSERTs \
            with postgres-nio), the paging and lookup comparisons with direct SQLite reads are left out, and --instances N \
            runs N server processes on the database, the two clients of the concurrent modify sending to two of them.
            """
    )

    @Option(help: "Records written through the API, and the first size queries are measured at.")
    var records = 10_000

    @Option(help: "The second size queries are measured at.")
    var large = 1_000_000

    @Option(help: "Queries timed per scenario and size.")
    var samples = 300

    /// The engines the benchmark runs the server on.
    enum Engine: String, ExpressibleByArgument {
        case sqlite, postgres
    }

    @Option(help: "The server's engine: sqlite, or postgres (with --postgres; the default when --postgres is given).")
    var engine: Engine?

    @Option(help: "Server processes sharing the PostgreSQL database (--engine postgres only).")
    var instances = 1

    @Option(help: ArgumentHelp(
        "Run the server on PostgreSQL at this URL (postgres://USER@HOST:PORT/DATABASE), in schemas of the benchmark's own, instead of SQLite.",
        valueName: "url"))
    var postgres: String?

    @Flag(help: "Print the figures as JSON.")
    var json = false

    func validate() throws {
        switch (engine, postgres) {
        case (.postgres, nil): throw ValidationError("--engine postgres needs --postgres URL")
        case (.sqlite, _?): throw ValidationError("--postgres names a database for --engine postgres, not sqlite")
        default: break
        }
        guard instances >= 1 else { throw ValidationError("--instances needs at least 1") }
        if instances > 1, postgres == nil {
            throw ValidationError("several instances share a PostgreSQL database: give --engine postgres --postgres URL")
        }
        if let postgres {
            do {
                _ = try PostgresLocation(url: postgres)
            } catch {
                throw ValidationError("\(error)")
            }
        }
    }

    func run() async throws {
        let figures = try await ServerBenchmark(records: records, large: large, samples: samples, postgres: postgres, instances: instances).run()
        print(json ? try JSONOutput.string(figures) : BenchmarkFigure.table(figures))
    }
}
