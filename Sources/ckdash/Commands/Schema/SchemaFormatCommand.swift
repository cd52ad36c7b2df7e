import ArgumentParser
import CKSchema
import CommandLineSupport
import Foundation

/// `ckdash schema format FILE`: print a schema in cktool's canonical export format.
struct SchemaFormatCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "format",
        abstract: "Print a schema file in cktool's canonical export format.",
        discussion: """
            Adds the implicit system fields and the Users type, sorts fields and grants as \
            `cktool export-schema` does and drops comments. Exit status: 0 on success, 1 when --check \
            finds a file that is not canonical, 2 when the file cannot be read or is not a valid schema.
            """
    )

    @Argument(help: "The .ckdb file, or - for standard input.")
    var file: String

    @Flag(help: "Print nothing; exit with status 1 if the file is not in canonical form.")
    var check = false

    @Flag(help: "Rewrite the file in canonical form instead of printing it.")
    var write = false

    func validate() throws {
        if check && write {
            throw ValidationError("--check and --write cannot be used together")
        }
        if write && file == "-" {
            throw ValidationError("--write needs a file, not standard input")
        }
    }

    func run() throws {
        try reportingFailures(of: "ckdash") {
            let source = try SchemaFile(path: file)
            let formatted = SchemaPrinter.print(try source.validSchema())
            if check {
                guard formatted == source.text else {
                    StandardError.write("\(file) is not in canonical form (run: ckdash schema format --write \(file))")
                    throw ExitCode.failure
                }
            } else if write {
                guard formatted != source.text else { return }
                try Self.replaceContents(of: file, with: formatted)
            } else {
                print(formatted, terminator: "")
            }
        }
    }

    /// Writes `text` over the file atomically (never half-written), through a symbolic link to its target,
    /// keeping the file's permissions.
    private static func replaceContents(of path: String, with text: String) throws {
        let target = URL(fileURLWithPath: path).resolvingSymlinksInPath()
        do {
            let permissions = try FileManager.default.attributesOfItem(atPath: target.path)[.posixPermissions]
            try Data(text.utf8).write(to: target, options: .atomic)
            if let permissions {
                try FileManager.default.setAttributes([.posixPermissions: permissions], ofItemAtPath: target.path)
            }
        } catch {
            throw CommandFailure("cannot write \(path): \(error.localizedDescription)")
        }
    }
}
