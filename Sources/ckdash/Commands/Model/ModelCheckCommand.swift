import ArgumentParser
import CKClient
import CKCoreData
import CKModel
import CKSchema
import CommandLineSupport
import Foundation

/// `ckdash model check MODEL`: what NSPersistentCloudKitContainer would refuse in a model, then what the model
/// needs that an environment (production by default) or a schema file lacks, as CI wants it: exit 0 when clean,
/// 1 when there are errors, 2 when the model or the schema cannot be read.
struct ModelCheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check", abstract: "Check a Core Data model's CloudKit rules and its schema against an environment or a .ckdb file.",
        discussion: """
            First the model's own rules (every attribute optional or with a default, every relationship optional with an \
            inverse, none ordered or Deny, no unique constraints, no Undefined or ObjectID, no links across configurations), \
            then the schema the model mirrors to (ckdash model schema prints it) against the container's production schema, \
            or --environment development, or the --schema file. In production a missing type or field is an error (every \
            save carrying it fails); in development a warning (just-in-time schema adds it when a save carries a value). \
            The store syncs with the private database unless --database says public or shared. Exit status: 0 with no \
            errors (warnings allowed), 1 with errors, 2 when the model or the schema cannot be read.
            """)

    @OptionGroup var model: ModelOptions

    @Flag(help: "Print the problems as JSON.")
    var json = false

    @OptionGroup(title: "Server (--environment is production and --database private unless given)")
    var connection: ConnectionOptions

    func run() async throws {
        // `--schema FILE` (a connection option: the environment's schema as a file) is compared with as production.
        let variables = ProcessInfo.processInfo.environment
        if let schema = try connection.schemaFile ?? variables["CKDASH_SCHEMA"].flatMap({ $0.isEmpty ? nil : $0 })
            ?? connection.chosenProfile(variables: variables)["schema"]
        {
            return try reportingFailures(of: "ckdash") {
                try report(against: try SchemaFile(path: schema).validSchema(), named: schema, isProduction: true, database: try database())
            }
        }
        try await ServerSession.run(connection) { client, _ in
            let environment = try Self.parse(
                connection.environment, as: ContainerEnvironment.self, default: .production, what: "an environment: development or production")
            let database = try database()
            let schema = try await client.parsedSchema(of: environment)
            try report(against: schema, named: environment.rawValue, isProduction: environment == .production, database: database)
        }
    }

    /// The database the store syncs with: `--database`, else private.
    private func database() throws -> DatabaseScope {
        try Self.parse(connection.database, as: DatabaseScope.self, default: .private, what: "a database: private, public or shared")
    }

    /// Prints the problems of the model against `schema` and exits 1 when one is an error.
    private func report(against schema: Schema, named name: String, isProduction: Bool, database: DatabaseScope) throws {
        let mirrored = MirroredSchema(model: try model.model(), configuration: model.configuration, database: database)
        let problems: [ModelProblem]
        do {
            problems = try ModelCheck(mirrored: mirrored, schema: schema, environmentName: name, isProduction: isProduction).problems()
        } catch {
            throw CommandFailure("\(error)")
        }
        let errors = problems.filter { $0.severity == .error }.count
        if json {
            print(try JSONOutput.string(Report(model: model.path, against: name, database: database, errors: errors, problems: problems)))
        } else {
            for problem in problems { print(problem) }
            print(problems.isEmpty ? "\(model.path) fits \(name)." : "\(Self.counted(errors, "error")), \(Self.counted(problems.count - errors, "warning")).")
        }
        if errors > 0 { throw ExitCode.failure }
    }

    /// The JSON form of a check.
    private struct Report: Encodable {
        let model: String
        let against: String
        let database: DatabaseScope
        let errors: Int
        let problems: [ModelProblem]
    }

    private static func counted(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }

    /// The value `text` names, `fallback` when there is none.
    private static func parse<Value: RawRepresentable>(
        _ text: String?, as type: Value.Type, default fallback: Value, what: String
    ) throws -> Value where Value.RawValue == String {
        guard let text else { return fallback }
        guard let value = Value(rawValue: text.lowercased()) else { throw CommandFailure("\(text) is not \(what)") }
        return value
    }
}
