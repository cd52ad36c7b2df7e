import ArgumentParser
import CKClient
import CKModel
import CommandLineSupport
import Foundation

/// `ckdash schema export`: an environment's schema as `.ckdb` text, as `cktool export-schema` prints it.
struct SchemaExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export", abstract: "Print the schema of the container's environment as .ckdb text (or JSON with --json).")

    @Option(name: .shortAndLong, help: ArgumentHelp("Write the schema to this file instead.", valueName: "file"))
    var output: String?

    @Flag(help: "Print the record types, fields, indexes, grants and roles as JSON.")
    var json = false

    @OptionGroup(title: "Server")
    var connection: ConnectionOptions

    func run() async throws {
        try await ServerSession.run(connection) { client, _ in
            let schema = try await client.schema()
            let text = json ? try JSONOutput.string(schema) + "\n" : schema.ckdb
            guard let output else {
                return print(text, terminator: "")
            }
            do {
                try Data(text.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
            } catch {
                throw CommandFailure("cannot write \(output): \(error.localizedDescription)")
            }
        }
    }
}
