import Foundation

/// The benchmark's server running as `ckbench serve-folder` in a child process: its URL, and the CPU time it has
/// used, read from `/proc/<pid>/stat` (steadier than wall time on a shared machine).
final class BenchmarkServerProcess {
    let url: String
    private let process: Process
    private let input: Pipe

    /// Starts the server on the data folder `data` (or PostgreSQL at `postgres`, whose URL it is given), keeping a
    /// request log unless `requestLog` is false, and returns once it listens.
    init(data: URL, postgres: String? = nil, requestLog: Bool = true) throws {
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        process.arguments = ["serve-folder", "--data", data.path] + (postgres.map { ["--postgres", $0] } ?? []) + (requestLog ? [] : ["--no-request-log"])
        input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        var line = Data()
        while let byte = try output.fileHandleForReading.read(upToCount: 1), let first = byte.first, first != UInt8(ascii: "\n") {
            line.append(first)
        }
        guard !line.isEmpty else { throw BenchmarkError("the benchmark's server process ended before it listened") }
        url = String(decoding: line, as: UTF8.self)
    }

    /// The CPU time (user and system) the server process has used so far.
    var cpuTime: Duration {
        get throws {
            let stat = try String(contentsOfFile: "/proc/\(process.processIdentifier)/stat", encoding: .utf8)
            // The fields after the command's name, which is in parentheses and may hold spaces: utime and stime
            // are the 14th and 15th of the line, the 12th and 13th after the name.
            let fields = stat[stat.index(after: stat.lastIndex(of: ")") ?? stat.startIndex)...].split(separator: " ")
            guard fields.count > 13, let user = Int(fields[11]), let system = Int(fields[12]) else {
                throw BenchmarkError("cannot read the server's CPU time from /proc/\(process.processIdentifier)/stat")
            }
            return .seconds(Double(user + system) / Double(sysconf(Int32(_SC_CLK_TCK))))
        }
    }

    /// The CPU time `servers` have used so far, together.
    static func cpuTime(of servers: [BenchmarkServerProcess]) throws -> Duration {
        try servers.reduce(.zero) { $0 + (try $1.cpuTime) }
    }

    /// Stops the server (it ends once its standard input closes) and waits for it.
    func stop() {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }
}
