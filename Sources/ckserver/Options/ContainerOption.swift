import ArgumentParser
import CKModel

/// `--container ID`, checked for the form of a container identifier.
struct ContainerOption: ParsableArguments {
    @Option(help: ArgumentHelp("The container, such as iCloud.com.example.Party.", valueName: "id"))
    var container: String

    func validate() throws {
        _ = try ContainerOption.parse(container)
    }

    /// The container's ID (checked by `validate()` before the command runs).
    var id: ContainerID {
        get throws { try ContainerOption.parse(container) }
    }

    /// Reads a container identifier given on the command line.
    static func parse(_ text: String) throws -> ContainerID {
        guard let id = ContainerID(rawValue: text) else {
            throw ValidationError("'\(text)' is not a container identifier (letters, digits, '.', '-', '_', starting with a letter)")
        }
        return id
    }
}
