import CKModel
import CKServer
import CKTestSupport
import Foundation
import HummingbirdTesting
import Testing

/// `records/lookup` and `records/query` answer from the records' stored JSON (issue 21): what a client reads is
/// what it saved, `desiredKeys` and encrypted fields included, whichever way the answer is made.
@Suite("Lookup and query answers from stored JSON, over HTTP", .heavy)
struct StoredAnswerRoutesTests {
    static let schema = """
        DEFINE SCHEMA
        RECORD TYPE Note (
            "___recordID" REFERENCE QUERYABLE, title STRING QUERYABLE, secret ENCRYPTED STRING, pin ENCRYPTED INT64, count INT64,
            GRANT WRITE TO "_creator", GRANT CREATE TO "_icloud", GRANT READ TO "_world"
        );
        """

    static let save = #"""
        {"operations":[{"operationType":"create","record":{"recordType":"Note","recordName":"n1","fields":{
        "title":{"value":"Groceries"},"secret":{"value":"4111 \"1111\"","type":"ENCRYPTED_STRING"},
        "pin":{"value":1234,"type":"ENCRYPTED_INT64"},"count":{"value":3}}}}]}
        """#

    @Test("every field, desiredKeys and numbersAsStrings come back as saved from lookup and query, encrypted fields included")
    func answers() async throws {
        let server = try await TestServer()
        _ = try await SchemaService(storage: server.temporary.storage).importDevelopment(Self.schema, into: server.container)
        try await server.live { client in
            let token = server.webAuthToken
            #expect(try await server.post(client, "records/modify", Self.save, as: .user(token), database: "private").status == .ok)
            let query = #"{"query":{"recordType":"Note"}"#
            for (operation, request) in [("records/lookup", #"{"records":[{"recordName":"n1"}]"#), ("records/query", query)] {
                let whole = try TestServer.records(try await server.post(client, operation, request + "}", as: .user(token), database: "private"))
                let fields = try #require(whole.first?["fields"] as? [String: [String: Any]], "\(operation): \(whole)")
                #expect(fields.keys.sorted() == ["count", "pin", "secret", "title"], "\(operation)")
                #expect(fields["secret"]?["value"] as? String == "4111 \"1111\"", "\(operation)")
                #expect(fields["pin"]?["value"] as? Int == 1234, "\(operation)")
                #expect(fields["count"]?["value"] as? Int == 3, "\(operation)")

                let some = try TestServer.records(try await server.post(
                    client, operation, request + #","desiredKeys":["secret","count","absent"]}"#, as: .user(token), database: "private"))
                let kept = try #require(some.first?["fields"] as? [String: [String: Any]], "\(operation): \(some)")
                #expect(kept.keys.sorted() == ["count", "secret"], "\(operation)")
                #expect(kept["secret"]?["value"] as? String == "4111 \"1111\"", "\(operation)")

                let none = try TestServer.records(try await server.post(client, operation, request + #","desiredKeys":[]}"#, as: .user(token), database: "private"))
                #expect((none.first?["fields"] as? [String: Any])?.isEmpty == true, "\(operation): \(none)")

                let strings = try TestServer.records(try await server.post(
                    client, operation, request + #","numbersAsStrings":true}"#, as: .user(token), database: "private"))
                let numbers = try #require(strings.first?["fields"] as? [String: [String: Any]], "\(operation): \(strings)")
                #expect(numbers["count"]?["value"] as? String == "3", "\(operation)")
                #expect(numbers["pin"]?["value"] as? String == "1234", "\(operation)")
            }
        }
    }
}
