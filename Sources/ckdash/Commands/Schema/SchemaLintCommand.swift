import ArgumentParser
import CKClient
import CKModel
import CKSchema
import CommandLineSupport
import Foundation

/// `ckdash schema lint [FILE]`: report errors and warnings with line numbers, of a file or of the container's
/// schema on the server.
struct SchemaLintCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Check a schema file, or the container's schema on the server, for errors and for warnings worth fixing before a deploy.",
        discussion: """
            Prints one line per problem as FILE:LINE:COLUMN: error|warning: message [rule]. Exit status: 0 \
            when there are no errors (and, with --strict, no warnings), 1 otherwise, 2 when the file cannot \
            be read.
            """
    )

    @Argument(help: "The .ckdb file, or - for standard input; leave it out to lint the container's schema on the server.")
    var file: String?

    @Flag(help: "Exit with status 1 on warnings too.")
    var strict = false

    @Flag(help: "Print the problems as a JSON array.")
    var json = false

    @OptionGroup(title: "Server")
    var connection: ConnectionOptions

    func run() async throws {
        guard let file else {
            return try await ServerSession.run(connection) { client, settings in
                let schema = try await client.schema()
                try lint(SchemaFile(text: schema.ckdb, name: "\(try settings.requireContainer()) \(settings.environment.rawValue)"))
            }
        }
        try reportingFailures(of: "ckdash") {
            try lint(try SchemaFile(path: file))
        }
    }

    private func lint(_ source: SchemaFile) throws {
        let issues: [SchemaIssue]
        switch source.parseResult {
        case .success(let schema):
            issues = SchemaValidator.errors(in: schema) + SchemaLinter.warnings(for: schema)
        case .failure(let error):
            issues = [SchemaIssue(.error, rule: "syntax", error.message, location: error.location)]
        }
        let sorted = issues.sorted { ($0.location?.line ?? 0, $0.location?.column ?? 0) < ($1.location?.line ?? 0, $1.location?.column ?? 0) }
        let errors = sorted.filter { $0.severity == .error }.count
        let warnings = sorted.count - errors
        if json {
            print(try JSONOutput.string(sorted))
        } else {
            for issue in sorted {
                print(source.line(for: issue))
            }
            print("\(source.path): \(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")")
        }
        if errors > 0 || (strict && warnings > 0) {
            throw ExitCode.failure
        }
    }
}
