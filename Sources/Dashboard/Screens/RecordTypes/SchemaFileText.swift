import CKSchema
import Foundation

/// A `.ckdb` file given for the environment's schema where there is no management API to read it from.
enum SchemaFileText {
    /// The file's text; an error saying why it cannot be read.
    static func read(_ path: String) throws -> String {
        let url = URL(fileURLWithPath: (path as NSString).expandingTildeInPath)
        guard let data = try? Data(contentsOf: url) else { throw SchemaFileError.unreadable(path) }
        guard let text = String(data: data, encoding: .utf8) else { throw SchemaFileError.notText(path) }
        return text
    }

    /// The schema `text` writes; an error naming the file, line and column where it does not parse.
    static func parse(_ text: String, path: String) throws -> Schema {
        do {
            return try SchemaParser.parse(text)
        } catch {
            throw SchemaFileError.syntax("\(path):\(error.location.line):\(error.location.column): \(error.message)")
        }
    }
}
