import CKSchema
import CommandLineSupport
import Foundation

/// A `.ckdb` file read from disk (or standard input for `-`), with its text and parsed schema.
struct SchemaFile {
    /// The path as the user gave it, used in messages.
    let path: String
    /// The file's text.
    let text: String

    /// Reads the file; a missing or unreadable file is a `CommandFailure`.
    init(path: String) throws {
        self.path = path
        let data: Data
        if path == "-" {
            data = FileHandle.standardInput.readDataToEndOfFile()
        } else {
            do {
                data = try Data(contentsOf: URL(fileURLWithPath: path))
            } catch {
                throw CommandFailure("cannot read \(path): \(Self.readableReason(error, path: path))")
            }
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw CommandFailure("\(path) is not UTF-8 text")
        }
        self.text = text
    }

    /// A schema text that did not come from a file, such as one read from the server; `name` stands for the
    /// path in messages.
    init(text: String, name: String) {
        self.path = name
        self.text = text
    }

    /// The schema as written, or the syntax error that stopped the parser.
    var parseResult: Result<Schema, SchemaSyntaxError> {
        Result { () throws(SchemaSyntaxError) in try SchemaParser.parse(text) }
    }

    /// The schema as written; a syntax error is a `CommandFailure` naming the file, line and column.
    func parse() throws -> Schema {
        switch parseResult {
        case .success(let schema):
            return schema
        case .failure(let error):
            throw CommandFailure("\(path):\(error.location.line):\(error.location.column): \(error.message)")
        }
    }

    /// The schema, refusing one with validation errors (they are printed first, one per line).
    func validSchema() throws -> Schema {
        let schema = try parse()
        let errors = SchemaValidator.errors(in: schema)
        guard errors.isEmpty else {
            for error in errors {
                StandardError.write(line(for: error))
            }
            throw CommandFailure("\(path) is not a valid schema (\(errors.count) error\(errors.count == 1 ? "" : "s"))")
        }
        return schema
    }

    /// An issue as `path:line:column: severity: message [rule]`.
    func line(for issue: SchemaIssue) -> String {
        "\(path):\(issue.location == nil ? " " : "")\(issue)"
    }

    private static func readableReason(_ error: any Error, path: String) -> String {
        var isDirectory: ObjCBool = false
        if !FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            return "no such file"
        }
        if isDirectory.boolValue {
            return "it is a folder"
        }
        if !FileManager.default.isReadableFile(atPath: path) {
            return "permission denied"
        }
        return error.localizedDescription
    }
}
