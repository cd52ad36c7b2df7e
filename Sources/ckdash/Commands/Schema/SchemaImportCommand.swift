import ArgumentParser
import CKClient
import CKModel
import CommandLineSupport

/// `ckdash schema import FILE` and `ckdash schema validate FILE`: replace development's schema with a file,
/// or only check that the server would accept it.
struct SchemaImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Replace the container's development schema with a .ckdb file.",
        discussion: """
            A file that does not parse or validate, or that would remove what production has, changes \\
            nothing and is reported with every reason. The query indexes of existing records are rebuilt \\
            for indexes the file adds or drops.
            """)

    @Argument(help: "The .ckdb file, or - for standard input.")
    var file: String

    @Flag(help: "Print what changed as JSON.")
    var json = false

    @OptionGroup(title: "Server")
    var connection: ConnectionOptions

    func run() async throws {
        try await SchemaUpload.run(file: file, validateOnly: false, json: json, connection: connection)
    }
}

/// `ckdash schema validate FILE`: the server's verdict on a file, without changing anything.
struct SchemaValidateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate", abstract: "Check a .ckdb file against the container's schemas without changing anything.")

    @Argument(help: "The .ckdb file, or - for standard input.")
    var file: String

    @Flag(help: "Print what an import would change as JSON.")
    var json = false

    @OptionGroup(title: "Server")
    var connection: ConnectionOptions

    func run() async throws {
        try await SchemaUpload.run(file: file, validateOnly: true, json: json, connection: connection)
    }
}

/// What `import` and `validate` share: send the file, then report the changes.
enum SchemaUpload {
    static func run(file: String, validateOnly: Bool, json: Bool, connection: ConnectionOptions) async throws {
        try await ServerSession.run(connection) { client, settings in
            let text = try SchemaFile(path: file).text
            let answer = try await client.importSchema(text, validateOnly: validateOnly)
            if json {
                return print(try JSONOutput.string(answer))
            }
            let container = try settings.requireContainer()
            if validateOnly {
                print("\(file) is valid for \(container): an import would make \(answer.changes.count) change\(answer.changes.count == 1 ? "" : "s").")
            } else {
                print("Imported \(file) into \(container) development: \(answer.changes.count) change\(answer.changes.count == 1 ? "" : "s").")
            }
            for change in answer.changes {
                print("  \(change.summary)")
            }
        }
    }
}
