import Foundation

/// A PostgreSQL cluster of a test's own, made by `Tests/postgres-cluster`, for tests that stop and start the
/// database under a server; shared servers (`CKSERVER_TEST_POSTGRES`) must never be stopped.
public struct ThrowawayPostgres: Sendable {
    /// The cluster's URL.
    public let url: String
    private let folder: String

    /// Initialises a cluster in a new temporary folder and starts it.
    public static func start() async throws -> ThrowawayPostgres {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ckserver-postgres-\(UUID().uuidString)").path
        let run = try await control("start", folder)
        return ThrowawayPostgres(url: run.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines), folder: folder)
    }

    /// Stops the cluster at once, as a crash would.
    public func stop() async throws {
        _ = try await Self.control("stop", folder)
    }

    /// Starts the stopped cluster again, on its port.
    public func resume() async throws {
        _ = try await Self.control("resume", folder)
    }

    /// Stops the cluster and removes its folder.
    public func remove() async throws {
        _ = try? await Self.control("stop", folder)
        try? FileManager.default.removeItem(atPath: folder)
    }

    private static func control(_ command: String, _ folder: String) async throws -> CommandRun {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Tests/postgres-cluster")
        let run = try await CommandRun.program(URL(fileURLWithPath: "/bin/bash"), [script.path, command, folder])
        guard run.status == 0 else {
            throw SpawnedProcess.Failure(description: "postgres-cluster \(command) failed: \(run.standardError)")
        }
        return run
    }
}
