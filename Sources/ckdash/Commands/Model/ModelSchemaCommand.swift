import ArgumentParser
import CKCoreData
import CKModel
import CKSchema
import CommandLineSupport
import Foundation

/// `ckdash model schema MODEL`: the `.ckdb` NSPersistentCloudKitContainer would create for a model, as
/// initializeCloudKitSchema does from a device.
struct ModelSchemaCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema", abstract: "Print the CloudKit schema a Core Data model mirrors to, as .ckdb text.",
        discussion: """
            The record types, fields and (for the public database) indexes NSPersistentCloudKitContainer creates, as \
            docs/core-data.md maps them. `ckdash schema import` replaces development's schema whole, so give development's \
            export with --merge to print it with what the model needs added: ckdash schema export > dev.ckdb; ckdash model \
            schema Model.xcdatamodeld --merge dev.ckdb > new.ckdb; ckdash schema import new.ckdb.
            """)

    @OptionGroup var model: ModelOptions

    @Option(help: ArgumentHelp("The database the store syncs with: private (the default), public or shared.", valueName: "name"))
    var database: DatabaseScope = .private

    @Option(help: ArgumentHelp("A .ckdb schema to add the model's types, fields and indexes to.", valueName: "file"))
    var merge: String?

    func run() throws {
        try reportingFailures(of: "ckdash") {
            let mirrored = MirroredSchema(model: try model.model(), configuration: model.configuration, database: database)
            do {
                let schema = try merge.map { try mirrored.merged(into: try SchemaFile(path: $0).validSchema()) } ?? mirrored.schema()
                print(SchemaPrinter.print(schema.canonical), terminator: "")
            } catch let error as MirroringError {
                throw CommandFailure("\(error)")
            }
        }
    }
}
