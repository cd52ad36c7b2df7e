import ArgumentParser
import CKCoreData
import CKModel
import CommandLineSupport
import Foundation

/// The model `ckdash model` commands read, and the configuration mirrored.
struct ModelOptions: ParsableArguments {
    @Argument(help: ArgumentHelp("A .xcdatamodeld bundle, a .xcdatamodel folder, or a model's contents file.", valueName: "model"))
    var path: String

    @Option(help: ArgumentHelp("Mirror only this configuration's entities (Default: every entity).", valueName: "name"))
    var configuration: String?

    /// The model, or a `CommandFailure` naming the file, the line and what was expected (exit status 2).
    func model() throws -> CoreDataModel {
        do {
            return try ModelFile.read(URL(fileURLWithPath: path))
        } catch {
            throw CommandFailure("\(error)")
        }
    }
}

/// `ckdash model schema --database` takes a database by its name.
extension DatabaseScope: ExpressibleByArgument {}
