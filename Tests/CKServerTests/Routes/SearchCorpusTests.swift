import CKModel
import CKServer
import CKTestSupport
import Foundation
import HummingbirdTesting
import Testing

/// Full-text search and NEAR over one corpus on every engine: each engine keeps tokens and places its own way
/// (SQLite's FTS5, PostgreSQL's token arrays), and clients must not see the difference.
@Suite("Search and NEAR give the same answers on every engine", .heavy)
struct SearchCorpusTests {
    static let schema = """
        DEFINE SCHEMA
        RECORD TYPE Note (
            "___recordID" REFERENCE QUERYABLE, text STRING SEARCHABLE, place LOCATION QUERYABLE SORTABLE,
            GRANT WRITE TO "_creator", GRANT CREATE TO "_icloud", GRANT READ TO "_world"
        );
        """

    /// Texts in several scripts, with diacritics, ligatures, apostrophes, numbers, emoji and stop words.
    static let corpus = [
        "Crème brûlée at the Café", "CREME BRULEE recipe", "Straße und Fußgänger", "l'été indien", "Ærøskøbing harbour",
        "Naïve résumé, coöperate", "version 3.5 released", "東京 タワー", "the and of", "Zoë's party 🎉 tonight",
        "Ĳsselmeer ﬁsh", "ΑΘΗΝΑ και αθήνα", "İstanbul ışık", "café-crème 24/7",
    ]

    /// Searches, each a comparator and its text.
    static let searches: [(String, String)] = [
        ("CONTAINS_ALL_TOKENS", "creme brulee"), ("CONTAINS_ALL_TOKENS", "CAFÉ"), ("CONTAINS_ANY_TOKENS", "strasse straße fussganger"),
        ("CONTAINS_ALL_TOKENS", "ete"), ("CONTAINS_ALL_TOKENS", "l"), ("CONTAINS_ANY_TOKENS", "aeroskobing ærøskøbing"),
        ("CONTAINS_ALL_TOKENS", "naive resume cooperate"), ("CONTAINS_ALL_TOKENS", "3"), ("CONTAINS_ALL_TOKENS", "5"),
        ("CONTAINS_ANY_TOKENS", "東京"), ("CONTAINS_ALL_TOKENS", "the"), ("CONTAINS_ALL_TOKENS", "zoe s"), ("CONTAINS_ANY_TOKENS", "🎉 tonight"),
        ("CONTAINS_ANY_TOKENS", "fish ﬁsh"), ("CONTAINS_ALL_TOKENS", "αθηνα"), ("CONTAINS_ANY_TOKENS", "istanbul isik"),
        ("CONTAINS_ALL_TOKENS", "cafe creme 24 7"), ("CONTAINS_ANY_TOKENS", "nothing here"),
    ]

    /// What one engine answers: each search's records, then NEAR filters and a distance sort.
    private func answers(on engine: StorageEngine) async throws -> [[String]] {
        let server = try await TestServer(engine: engine)
        _ = try await SchemaService(storage: server.temporary.storage).importDevelopment(Self.schema, into: server.container)
        let operations = Self.corpus.enumerated().map { index, text in
            // Places north of Paris, 700 m apart, and two across the antimeridian.
            let (latitude, longitude) = index < 12 ? (48.85 + Double(index) * 0.0063, 2.35) : (0.0, index == 12 ? 179.999 : -179.999)
            let fields = #"{"text":{"value":"\#(text)"},"place":{"value":{"latitude":\#(latitude),"longitude":\#(longitude)}}}"#
            return #"{"operationType":"create","record":{"recordType":"Note","recordName":"n\#(String(format: "%02d", index))","fields":\#(fields)}}"#
        }
        return try await server.live { client in
            let saved = try TestServer.records(try await server.post(client, "records/modify", #"{"operations":[\#(operations.joined(separator: ","))]}"#, as: .user(server.webAuthToken)))
            #expect(saved.allSatisfy { $0["serverErrorCode"] == nil })
            var answers: [[String]] = []
            func found(_ query: String) async throws -> [String] {
                let response = try await server.post(client, "records/query", #"{"query":{"recordType":"Note",\#(query)}}"#, as: .world)
                return try TestServer.records(response).compactMap { $0["recordName"] as? String }
            }
            for (comparator, text) in Self.searches {
                answers.append(try await found(#""filterBy":[{"fieldName":"text","comparator":"\#(comparator)","fieldValue":{"value":"\#(text)"}}]"#).sorted())
            }
            for distance in [100, 1_000, 3_000, 500_000] {
                answers.append(try await found(#""filterBy":[{"fieldName":"place","comparator":"NEAR","distance":\#(distance),"fieldValue":{"value":{"latitude":48.8689,"longitude":2.35}}}]"#).sorted())
            }
            answers.append(try await found(#""filterBy":[{"fieldName":"place","comparator":"NEAR","distance":1000,"fieldValue":{"value":{"latitude":0,"longitude":180}}}]"#).sorted())
            answers.append(try await found(#""sortBy":[{"fieldName":"place","relativeLocation":{"value":{"latitude":48.8689,"longitude":2.35}}}]"#))
            return answers
        }
    }

    @Test("every engine finds the same records for every search, NEAR and distance order, as CloudKit's token rules say")
    func sameAnswers() async throws {
        let engines = TestStorageEngine.all
        let first = try await answers(on: engines[0])
        #expect(first[0] == ["n00", "n01"], "case and diacritics fold: crème brûlée is creme brulee")
        #expect(first[1] == ["n00", "n13"])
        #expect(first[2] == ["n02"] && first[13] == ["n10"], "ß folds to ss and ligatures to their letters, as case folding does")
        #expect(first[first.count - 6] == ["n03"], "100 m around the point holds one place")
        #expect(first[first.count - 2] == ["n12", "n13"], "NEAR reaches across the antimeridian")
        #expect(first[first.count - 5] == ["n02", "n03", "n04"], "places 700 m apart: 1 km around one holds its two neighbours")
        #expect(first.last?.first == "n03" && first.last?.count == Self.corpus.count, "nearest first")
        for engine in engines.dropFirst() {
            let other = try await answers(on: engine)
            for (index, (expected, seen)) in zip(first, other).enumerated() where expected != seen {
                Issue.record("answer \(index) differs on \(engine): \(seen) where \(engines[0]) answers \(expected)")
            }
        }
    }
}
