import CommandLineSupport
import Foundation

/// The progress of a `records import`, kept next to its file (`FILE.ckdash-import`) so an interrupted or
/// failed import resumes where it stopped. It is written after each batch that fully succeeded and removed
/// when the import completes.
struct ImportJournal: Codable, Equatable {
    /// The file's lines whose records are all on the server.
    var linesDone: Int
    /// The container imported into.
    var container: String
    /// The record type imported.
    var recordType: String

    /// The journal's path for the import of `file`.
    static func path(for file: String) -> String {
        file + ".ckdash-import"
    }

    /// The journal at `path`, or `nil` when there is none.
    static func load(from path: String) throws -> ImportJournal? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        do {
            return try JSONDecoder().decode(ImportJournal.self, from: data)
        } catch {
            throw CommandFailure("\(path) is not an import journal (delete it to import from the start)")
        }
    }

    /// Writes the journal to `path`, atomically.
    func save(to path: String) throws {
        do {
            try JSONEncoder().encode(self).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw CommandFailure("cannot write \(path): \(error.localizedDescription)")
        }
    }
}
