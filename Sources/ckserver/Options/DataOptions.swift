import ArgumentParser
import CKModel
import CKServer
import CommandLineSupport
import Foundation

/// `--data DIR`: the folder of the server's database and assets, shared by every command.
struct DataOptions: ParsableArguments {
    @Option(name: .customLong("data"), help: ArgumentHelp("The server's data folder (created if missing).", valueName: "dir"))
    var directory: String

    /// The configuration for this data folder.
    var configuration: ServerConfiguration {
        ServerConfiguration(dataDirectory: URL(fileURLWithPath: directory, isDirectory: true))
    }

    /// Opens the folder's database, creating both when they do not exist.
    func openStorage() async throws -> any ServerStorage {
        do {
            return try await StorageEngine.sqlite.open(configuration)
        } catch {
            throw CommandFailure("cannot open the data folder \(directory): \(error)")
        }
    }
}
