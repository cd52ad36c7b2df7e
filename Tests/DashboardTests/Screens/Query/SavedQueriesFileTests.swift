import CKModel
import Foundation
import Testing

@testable import Dashboard

@Suite("Saved queries: one JSON file per container in the config folder")
struct SavedQueriesFileTests {
    private let container = ContainerID(rawValue: "iCloud.com.example.Party")!

    /// A folder of its own for a test, which the test removes.
    private func makeFolder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("saved-queries-\(UUID().uuidString)")
    }

    @Test("queries saved under names load back the same, sorted by name; saving a name again replaces it")
    func roundTrip() throws {
        let folder = makeFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            let file = SavedQueriesFile(folder: folder, container: container)
            #expect(try file.load().isEmpty)
            let big = SavedQuery(
                name: "big parties",
                query: Query(
                    recordType: "Party",
                    filterBy: [
                        Filter(.field("rsvpCount"), .greaterThanOrEquals, .int64(100)),
                        Filter(.field("location"), .near, .location(Location(latitude: 48.8, longitude: 2.25)), distance: 5000),
                        Filter(.field("date"), .lessThan, .timestamp(Timestamp(millisecondsSince1970: 1_767_225_600_000))),
                    ],
                    sortBy: [SortDescriptor(.field("date"), ascending: false)]),
                desiredKeys: ["name", "date"], resultsLimit: 100)
            let all = SavedQuery(name: "all", query: Query(recordType: "Shoebox"))
            #expect(try file.save(big) == false)
            #expect(try file.save(all) == false)
            #expect(file.url.lastPathComponent == "iCloud.com.example.Party.json")
            #expect(try file.load() == [all, big])
            var changed = big
            changed.resultsLimit = 5
            #expect(try file.save(changed) == true)
            #expect(try file.load() == [all, changed])
            var draft = QueryDraft(recordType: "Party", query: big.query, desiredKeys: ["name", "date"], resultsLimit: 5)
            draft.name = "big parties"
            #expect(changed.draft == draft)
        }
    }

    @Test("a file that is not JSON names itself, the line and column, and what to do; saving leaves it as it was")
    func brokenFile() throws {
        let folder = makeFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            let file = SavedQueriesFile(folder: folder, container: container)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let broken = "{\n  \"queries\": [\n    {\"name\": \"x\",, }\n"
            try Data(broken.utf8).write(to: file.url)
            let error = try #require(throws: SavedQueriesError.self) { try file.load() }
            #expect(error.description.hasPrefix(file.url.path + " is not JSON"))
            #expect(error.description.contains("line 3"))
            #expect(error.description.hasSuffix("fix or remove the file"))
            #expect(throws: SavedQueriesError.self) { try file.save(SavedQuery(name: "y", query: Query(recordType: "Party"))) }
            #expect(try String(contentsOf: file.url, encoding: .utf8) == broken)
        }
    }

    @Test("a file of the wrong shape says where in it: the query, the filter, the key")
    func wrongShape() throws {
        let folder = makeFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            let file = SavedQueriesFile(folder: folder, container: container)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(#"{"queries":[{"name":"x","query":{"recordType":"Party","filterBy":[{"fieldName":"a","comparator":"SOMETIMES","fieldValue":{"value":1}}]}}]}"#.utf8)
                .write(to: file.url)
            let comparator = try #require(throws: SavedQueriesError.self) { try file.load() }
            #expect(comparator.description.contains("queries[0].query.filterBy[0]"))
            #expect(comparator.description.contains("SOMETIMES"))
            try Data(#"{"queries":[{"query":{"recordType":"Party"}}]}"#.utf8).write(to: file.url)
            let name = try #require(throws: SavedQueriesError.self) { try file.load() }
            #expect(name.description.contains("has no name in queries[0]"))
        }
    }
}
