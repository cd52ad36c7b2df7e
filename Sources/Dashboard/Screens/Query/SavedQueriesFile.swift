import CKModel
import Foundation

/// The saved queries of one container, in `<folder>/<container>.json` (the folder is
/// `$XDG_CONFIG_HOME/ckdash/queries`): `{"queries": [{"name": …, "query": {…}, "desiredKeys": […],
/// "resultsLimit": 100}]}`, queries in CloudKit's JSON form so that the file can be read and edited by hand.
///
/// A missing file holds no queries. A file that cannot be read is an error naming the file, where it is wrong
/// and what to do, and is never written over.
struct SavedQueriesFile {
    /// Where the file is.
    let url: URL

    /// The file of `container`'s queries in `folder`.
    init(folder: URL, container: ContainerID) {
        url = folder.appendingPathComponent("\(container.rawValue).json")
    }

    /// The file's queries, sorted by name.
    func load() throws(SavedQueriesError) -> [SavedQuery] {
        guard FileManager.default.fileExists(atPath: url.path) else { return [] }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw SavedQueriesError(url, problem: "cannot be read (\(error.localizedDescription))")
        }
        let json: JSONValue
        do {
            json = try JSONParser.parse(Array(data))
        } catch {
            throw SavedQueriesError(url, problem: "is not JSON: \(error.reason) at \(Self.position(of: error.offset, in: data))")
        }
        do {
            return try JSONValueDecoder().decode(Document.self, from: json).queries.sorted { $0.name < $1.name }
        } catch {
            throw SavedQueriesError(url, problem: Self.explanation(of: error))
        }
    }

    /// Adds `query` to the file, in place of one of the same name; returns whether it replaced one. A file that
    /// cannot be read is left as it is.
    @discardableResult
    func save(_ query: SavedQuery) throws(SavedQueriesError) -> Bool {
        var queries = try load()
        let replaced = queries.contains { $0.name == query.name }
        queries.removeAll { $0.name == query.name }
        queries.append(query)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try encoder.encode(Document(queries: queries.sorted { $0.name < $1.name })).write(to: url, options: .atomic)
        } catch {
            throw SavedQueriesError(url, problem: "cannot be written (\(error.localizedDescription))")
        }
        return replaced
    }

    /// The file's top level.
    private struct Document: Codable {
        var queries: [SavedQuery]
    }

    /// `line 3, column 14` for a byte offset.
    private static func position(of offset: Int, in data: Data) -> String {
        let before = data.prefix(offset)
        let line = before.reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
        let column = before.count - (before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0) + 1
        return "line \(line), column \(column)"
    }

    /// What a decoding error says, with where in the file: `queries[0].query.filterBy[1].comparator: unknown comparator 'X'`.
    private static func explanation(of error: any Error) -> String {
        func path(_ codingPath: [any CodingKey]) -> String {
            codingPath.map { key in key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)" }.joined().trimmingCharacters(in: CharacterSet(charactersIn: "."))
        }
        switch error {
        case DecodingError.keyNotFound(let key, let context):
            let place = path(context.codingPath)
            return "has no \(key.stringValue)" + (place.isEmpty ? "" : " in \(place)")
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context), DecodingError.dataCorrupted(let context):
            let place = path(context.codingPath)
            return (place.isEmpty ? "" : "at \(place): ") + context.debugDescription
        default:
            return "cannot be read: \(error)"
        }
    }
}

/// A saved-queries file that cannot be read or written: the file, what is wrong, and what to do.
struct SavedQueriesError: Error, CustomStringConvertible {
    /// The file.
    var path: String
    /// What is wrong with it.
    var problem: String

    init(_ url: URL, problem: String) {
        path = url.path
        self.problem = problem
    }

    var description: String {
        "\(path) \(problem): fix or remove the file"
    }
}
