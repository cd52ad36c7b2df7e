import ArgumentParser
import CKModel
import CKSchema
import CKServer
import CommandLineSupport
import Foundation

/// `ckserver schema import|deploy`: a container's schema from the shell.
struct SchemaCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema", abstract: "Import and deploy a container's schema.", subcommands: [Import.self, Deploy.self])

    struct Import: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Replace the development schema with a .ckdb file.",
            discussion: "A file that does not parse or validate, or that would remove what production has, changes nothing.")

        @Argument(help: "The .ckdb file.")
        var file: String

        @Flag(help: "Check the file against the container without changing anything.")
        var validateOnly = false

        @OptionGroup var container: ContainerOption
        @OptionGroup var data: DataOptions
        @OptionGroup var output: OutputOptions

        private struct Result: Encodable {
            let container: String
            let applied: Bool
            let changes: [SchemaChange]
        }

        func run() async throws {
            let id = try container.id
            try await runReportingFailures {
                guard let text = try? String(contentsOfFile: file, encoding: .utf8) else {
                    throw CommandFailure("cannot read \(file)")
                }
                let result = try await SchemaService(storage: try await data.openStorage())
                    .importDevelopment(text, into: id, validateOnly: validateOnly)
                let verb = result.applied ? "imported into" : "valid for"
                let summary = result.diff.isEmpty ? "no changes" : "\(result.diff.changes.count) changes"
                try output.emit(
                    "\(file) \(verb) \(id) development (\(summary))",
                    json: Result(container: id.rawValue, applied: result.applied, changes: result.diff.changes))
            }
        }
    }

    struct Deploy: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Deploy the development schema to production.",
            discussion: "Blocked changes (removals, type changes) refuse the whole deploy, with their reasons; nothing is applied.")

        @Option(help: "Deploy only if the diff still has this digest (from ckdash schema diff).")
        var digest: String?

        @OptionGroup var container: ContainerOption
        @OptionGroup var data: DataOptions
        @OptionGroup var output: OutputOptions

        private struct Result: Encodable {
            let container: String
            let digest: String
            let changes: [SchemaChange]
        }

        func run() async throws {
            let id = try container.id
            try await runReportingFailures {
                let result = try await SchemaService(storage: try await data.openStorage())
                    .deploy(id, actor: "ckserver", expectedDigest: digest)
                let text = result.diff.isEmpty
                    ? "nothing to deploy: production matches development"
                    : (["deployed \(result.diff.changes.count) changes to \(id) production:"]
                        + result.diff.changes.map { "  \($0.summary)" }).joined(separator: "\n")
                try output.emit(text, json: Result(container: id.rawValue, digest: result.diff.digest, changes: result.diff.changes))
            }
        }
    }
}
