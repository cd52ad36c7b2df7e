import Foundation

/// A `ckserver serve` process on a free loopback port, for tests of the real binary.
public struct ServerProcess: Sendable {
    /// The running process.
    public let process: SpawnedProcess
    /// The port it listens on.
    public let port: String
    /// What it logs after start-up, read all along on a thread of its own (so that a server logging much never
    /// waits on a full pipe).
    private let rest: Task<Data, Never>
    /// What it logged before it was listening.
    public let startupLog: String

    /// Starts `ckserver serve --data <data> --port 0` and waits until it says where it listens.
    public static func start(data: String) async throws -> ServerProcess {
        try await start(storage: ["--data", data])
    }

    /// Starts `ckserver serve --port 0` with `storage`, the options naming where it keeps its state (`--data`,
    /// `--postgres`), and waits until it says where it listens.
    public static func start(storage: [String]) async throws -> ServerProcess {
        let process = try SpawnedProcess(
            CommandRun.productsDirectory.appendingPathComponent("ckserver"), ["serve", "--port", "0"] + storage, piping: [.error])
        guard let log = process.standardError else { throw SpawnedProcess.Failure(description: "ckserver's standard error is not piped") }
        let (startupLog, port) = try await BlockingCall.run { try readUntilListening(log) }
        let rest = Task { await BlockingCall.run { log.readDataToEndOfFile() } }
        return ServerProcess(process: process, port: port, rest: rest, startupLog: startupLog)
    }

    /// What `log` says up to the line naming the port, and the port; throws with what it said when it ends first.
    private static func readUntilListening(_ log: FileHandle) throws -> (log: String, port: String) {
        var output = ""
        while true {
            let chunk = log.availableData
            guard !chunk.isEmpty else { throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: output]) }
            output += String(decoding: chunk, as: UTF8.self)
            if let range = output.range(of: #"listening on 127\.0\.0\.1:(\d+)"#, options: .regularExpression) {
                return (output, String(output[range].split(separator: ":").last ?? ""))
            }
        }
    }

    /// What it logged after start-up, once it has closed its standard error (exited).
    public func logAfterStartup() async -> String {
        String(decoding: await rest.value, as: UTF8.self)
    }

    /// Asks the server to stop (SIGTERM) and waits until it has; returns its exit status.
    @discardableResult
    public func stop() async -> Int32 {
        process.terminate()
        return await process.waitUntilExit()
    }

    /// Asks the server to stop (SIGTERM) without waiting: a thread of its own waits for it to exit, then removes
    /// `folder`. For a `deinit`, which cannot wait.
    public func stopInBackground(removing folder: String) {
        process.terminate()
        Thread.detachNewThread { [process] in
            process.waitForExit()
            try? FileManager.default.removeItem(atPath: folder)
        }
    }
}
