import Foundation

/// A `ckserver serve` process on a free loopback port, for tests of the real binary.
public struct ServerProcess {
    /// The running process.
    public let process: SpawnedProcess
    /// The port it listens on.
    public let port: String
    /// What it logs after start-up, read all along (so that a server logging much never waits on a full pipe).
    private let rest: DataBox
    /// What it logged before it was listening.
    public let startupLog: String

    /// Starts `ckserver serve --data <data> --port 0` and waits until it says where it listens.
    public static func start(data: String) throws -> ServerProcess {
        let process = try SpawnedProcess(
            CommandRun.productsDirectory.appendingPathComponent("ckserver"), ["serve", "--data", data, "--port", "0"], piping: [.error])
        guard let log = process.standardError else { throw SpawnedProcess.Failure(description: "ckserver's standard error is not piped") }
        var output = ""
        while true {
            let chunk = log.availableData
            guard !chunk.isEmpty else { throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: output]) }
            output += String(decoding: chunk, as: UTF8.self)
            if let range = output.range(of: #"listening on 127\.0\.0\.1:(\d+)"#, options: .regularExpression) {
                let port = String(output[range].split(separator: ":").last ?? "")
                let rest = DataBox()
                Thread { rest.set(log.readDataToEndOfFile()) }.start()
                return ServerProcess(process: process, port: port, rest: rest, startupLog: output)
            }
        }
    }

    /// What it logged after start-up, once it has closed its standard error (exited).
    public func logAfterStartup() -> String {
        String(decoding: rest.wait(), as: UTF8.self)
    }
}
