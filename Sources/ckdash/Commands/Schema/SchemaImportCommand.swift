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

    @OptionGroup
    var upload: SchemaUpload

    func run() async throws {
        try await upload.run(validateOnly: false)
    }
}

/// `ckdash schema validate FILE`: the server's verdict on a file, without changing anything.
struct SchemaValidateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate", abstract: "Check a .ckdb file against the container's schemas without changing anything.")

    @OptionGroup
    var upload: SchemaUpload

    func run() async throws {
        try await upload.run(validateOnly: true)
    }
}

/// What `import` and `validate` share: the file and options, sending it, and reporting the changes.
struct SchemaUpload: ParsableArguments {
    @Argument(help: "The .ckdb file, or - for standard input.")
    var file: String

    @Flag(help: "Print the changes as JSON.")
    var json = false

    @OptionGroup(title: "Server")
    var connection: ConnectionOptions

    func run(validateOnly: Bool) async throws {
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
